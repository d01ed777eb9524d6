/// The number of terminal columns text occupies in a monospaced terminal.
///
/// Width is measured per grapheme cluster (Swift `Character`):
///
/// - East Asian Wide and Fullwidth scalars take 2 columns, and so do emoji. A cluster holding
///   any two-column scalar (an emoji, a ZWJ sequence such as a family, a flag made of two
///   regional indicators, an emoji with a skin tone) is 2 wide as a whole, and so is a cluster
///   with the emoji variation selector U+FE0F after a one-column emoji (`"❤️"`, `"1️⃣"`).
/// - U+FE0F after anything that is not an emoji (Unicode's `Emoji` property: a space, a
///   letter) changes nothing: `" \u{FE0F}"` is 1, as terminals draw it.
/// - A skin tone modifier (U+1F3FB–U+1F3FF) joins an emoji modifier base (`Emoji_Modifier_Base`,
///   `"👍🏽"`, `"🖐🏻"`) into one emoji, 2 wide. After anything else (`" 🏻"`, `"a🏻"`, `"❤🏻"`) it
///   is drawn as a colour swatch of its own and adds 2 columns: `" 🏻"` is 3.
/// - Nonspacing and enclosing marks, controls, format and default-ignorable characters (zero
///   width space, joiners, variation selectors, byte order mark, …) and the Hangul medial vowels
///   and final consonants take no columns: `"e\u{301}"` is 1, a combining mark on its own is 0,
///   and a Hangul syllable spelled in conjoining jamo is 2.
/// - Every other scalar takes 1 column. Inside a cluster that holds no two-column scalar the
///   columns add up, as terminals draw them: a spacing vowel sign after an Indic consonant
///   (`"कि"`), Thai SARA AM after a consonant and a halfwidth katakana voiced sound mark
///   (`"ｶﾞ"`) each take a column of their own.
///
/// The ranges behind these rules are generated from the Unicode Character Database by
/// `Scripts/generate-width-tables.py` into `DisplayWidth+Tables.swift`.
package enum DisplayWidth {
  /// The number of terminal columns `text` occupies.
  ///
  /// The sum of the widths of `text`'s grapheme clusters. Three shortcuts give the same sum
  /// without breaking `text` into clusters, fastest first:
  ///
  /// 1. Printable ASCII only: the UTF-8 byte count, from one branch-free pass over the bytes.
  /// 2. Printable characters up to U+02FF only (Latin-1, Latin Extended, spacing modifiers):
  ///    one column each, counted from the UTF-8 bytes.
  /// 3. No scalar that could make a cluster narrower than the sum of its scalars: the sum of
  ///    the scalars' widths (see `scalarSumWidth(of:)`).
  ///
  /// - Parameter text: The text to measure; control characters count as 0 columns.
  /// - Returns: The number of columns, 0 for the empty string.
  package static func of(_ text: String) -> Int {
    let fast = text.utf8.withContiguousStorageIfAvailable { bytes in
      ByteScan.isPrintableASCII(bytes) ? bytes.count : latinWidth(ofUTF8: bytes)
    }
    if let width = fast ?? latinWidth(ofUTF8: text.utf8) { return width }
    if let width = scalarSumWidth(of: text) { return width }
    var width = 0
    for character in text {
      width += of(character)
    }
    return width
  }

  /// The number of terminal columns one grapheme cluster occupies.
  ///
  /// The sum of its scalars' widths, except that a cluster with a two-column scalar in it, or
  /// with U+FE0F VARIATION SELECTOR-16 after a one-column emoji, is one emoji or one wide
  /// character and takes exactly 2 columns. A skin tone modifier that follows no emoji modifier
  /// base is a swatch of its own and adds 2 columns to what the rest of the cluster takes.
  ///
  /// - Parameter character: The grapheme cluster to measure.
  /// - Returns: 2 for wide characters and emoji, 0 for clusters made only of marks, controls and
  ///   invisible characters, otherwise the number of spacing scalars in the cluster (plus 2 for
  ///   each skin tone modifier with no base).
  package static func of(_ character: Character) -> Int {
    var total = 0
    var isWide = false
    var swatches = 0
    // The last scalar that took columns.
    var base: Unicode.Scalar?
    for scalar in character.unicodeScalars {
      let value = scalar.value
      if (0x1F3FB...0x1F3FF).contains(value) {
        if let base, base.properties.isEmojiModifierBase { isWide = true } else { swatches += 1 }
        continue
      }
      let scalarWidth = width(of: scalar)
      if scalarWidth == 2 { isWide = true }
      if value == 0xFE0F, let base, base.properties.isEmoji { isWide = true }
      if scalarWidth > 0 {
        total += scalarWidth
        base = scalar
      }
    }
    return (isWide ? 2 : total) + 2 * swatches
  }

  /// The number of columns one scalar takes on its own: 0, 1 or 2.
  ///
  /// Control characters (C0, DEL, C1) are 0. Nothing below U+0300 other than the controls is
  /// zero width and nothing below U+1100 is wide, so the first of those skip the tables. Below
  /// U+20000 the block bitmaps answer for most scalars (a block that is all wide, or that holds
  /// nothing zero width or wide) and otherwise say which range table to search.
  ///
  /// - Parameter scalar: The scalar to look up.
  /// - Returns: 0 for zero-width scalars, 2 for wide ones, 1 otherwise.
  private static func width(of scalar: Unicode.Scalar) -> Int {
    width(ofScalar: scalar.value)
  }

  /// The number of columns the scalar with this value takes on its own (the rules of the
  /// `Unicode.Scalar` overload).
  ///
  /// - Parameter value: A Unicode scalar value.
  /// - Returns: 0 for zero-width scalars, 2 for wide ones, 1 otherwise.
  static func width(ofScalar value: UInt32) -> Int {
    if value < 0x300 {
      return value < 0x20 || (0x7F...0x9F).contains(value) ? 0 : 1
    }
    guard value < 0x20000 else {
      if contains(value, in: wideRanges) { return 2 }
      return contains(value, in: zeroWidthRanges) ? 0 : 1
    }
    let block = Int(value >> 6)
    let word = block >> 6
    let bit = UInt64(1) << UInt64(block & 63)
    if allWideBlocks[word] & bit != 0 { return 2 }
    if wideBlocks[word] & bit != 0 && contains(value, in: wideRanges) { return 2 }
    if zeroWidthBlocks[word] & bit == 0 { return 1 }
    return contains(value, in: zeroWidthRanges) ? 0 : 1
  }

  /// Whether the wide scalar `value` can share a grapheme cluster with a neighbour (a Hangul
  /// leading consonant, a regional indicator, a wide spacing mark or modifier symbol).
  ///
  /// - Parameter value: A Unicode scalar value.
  /// - Returns: `true` when a sum of scalar widths may overcount the cluster.
  static func joinsWideCluster(_ value: UInt32) -> Bool {
    contains(value, in: joiningWideRanges)
  }

  /// The width of text made only of printable ASCII and U+00A0–U+02FF, else `nil`.
  ///
  /// None of these characters joins another into a grapheme cluster and each takes one column,
  /// so the width is the number of scalars: one pass counts every ASCII byte and every two-byte
  /// lead byte below `0xCC` (scalars up to U+02FF), skips continuation bytes, and gives up on
  /// anything else: controls, C1 controls (`0xC2 0x80`–`0xC2 0x9F`), combining marks from
  /// U+0300 on and longer sequences.
  ///
  /// - Parameter bytes: The UTF-8 encoding of the text.
  /// - Returns: The width, or `nil` when the text needs one of the slower measurements.
  private static func latinWidth<Bytes: Sequence<UInt8>>(ofUTF8 bytes: Bytes) -> Int? {
    var width = 0
    var previous: UInt8 = 0
    for byte in bytes {
      if byte >= 0x20 && byte < 0x7F {
        width += 1
      } else if byte >= 0xC2 && byte < 0xCC {
        width += 1
      } else if byte >= 0x80 && byte < 0xC0 {
        // A continuation byte; after 0xC2 only 0xA0 and above (not the C1 controls) qualify.
        if previous == 0xC2 && byte < 0xA0 { return nil }
      } else {
        return nil
      }
      previous = byte
    }
    return width
  }

  /// The sum of the widths of `text`'s scalars, when that is sure to equal the sum over its
  /// grapheme clusters, else `nil`.
  ///
  /// A cluster is narrower than the sum of its scalars only when it holds U+FE0F, or a wide
  /// scalar together with another scalar that takes columns. Under UAX #29 such a pair shares a
  /// cluster only through a ZWJ, a regional indicator pair, a Hangul leading consonant, a wide
  /// spacing mark or modifier (`joiningWideRanges`), or a wide scalar next to a one-column
  /// scalar from U+0300 on (a spacing mark after it, a prepended mark before it). This walk
  /// gives up on all of those; zero-width scalars in between do not separate the neighbours.
  ///
  /// - Parameter text: The text to measure.
  /// - Returns: The width, or `nil` when `text` must be broken into grapheme clusters.
  private static func scalarSumWidth(of text: String) -> Int? {
    var total = 0
    // The width of the last scalar that took columns, and whether it was below U+0300.
    var previousWidth = 0
    var previousIsLatin = true
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0xFE0F || value == 0x200D { return nil }
      let scalarWidth = width(of: scalar)
      if scalarWidth == 0 { continue }
      let isLatin = value < 0x300
      if scalarWidth == 2 {
        if previousWidth == 1 && !previousIsLatin { return nil }
        if contains(value, in: joiningWideRanges) { return nil }
      } else if previousWidth == 2 && !isLatin {
        return nil
      }
      total += scalarWidth
      previousWidth = scalarWidth
      previousIsLatin = isLatin
    }
    return total
  }

  /// Whether `value` lies in one of the sorted, disjoint `ranges`.
  ///
  /// A binary search whose loop has no data-dependent branch (the step is a conditional move),
  /// which matters because table lookups for mixed text are unpredictable.
  ///
  /// - Parameters:
  ///   - value: The scalar value to look for.
  ///   - ranges: Ranges sorted by their bounds, none overlapping.
  /// - Returns: `true` when a range contains `value`.
  package static func contains(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
    ranges.withUnsafeBufferPointer { ranges in
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].upperBound < value {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low < ranges.count && ranges[low].lowerBound <= value
    }
  }
}
