/// Whether text can go to a terminal as it is, and how wide it is, from one pass over its UTF-8.
///
/// Drawing an aligned table asks both questions of every value, twice (once to size the columns,
/// once to pad them). Asking ``TerminalEscaping`` and then ``DisplayWidth`` reads the text three
/// or four times; this reads it once, decoding the scalars from the bytes, and gives the same
/// answers: a text that needs escaping is reported before anything else, and a width is given
/// only when the sum of the scalars' widths is sure to equal the sum over grapheme clusters
/// (the rule of `DisplayWidth.of`).
package enum TerminalMeasure: Equatable {
  /// Nothing to escape; the text takes this many columns.
  case width(Int)
  /// Nothing to escape, but the width needs the text broken into grapheme clusters
  /// (`DisplayWidth.of`).
  case needsClusters
  /// A control character, tab, line break (U+2028 and U+2029 included), C1 control or
  /// bidirectional control (override, isolate or mark) is present.
  case needsEscaping

  /// Measures `text`.
  package static func of(_ text: String) -> TerminalMeasure {
    if let measure = text.utf8.withContiguousStorageIfAvailable({ of($0) }) { return measure }
    // A string without contiguous UTF-8 (bridged from Objective-C) is copied once.
    var copy = text
    return copy.withUTF8(of)
  }

  /// Whether `text` surely takes at most `columns` columns, known without measuring it.
  ///
  /// A scalar never takes more columns than it has UTF-8 bytes (one byte for one column below
  /// U+0080, two for at most one, three or four for at most two), so text with nothing to
  /// escape is at most its byte count wide. The measuring pass skips the values that cannot
  /// widen their column this way.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - columns: The width to stay within.
  /// - Returns: `true` when the text has no more bytes than `columns` and nothing to escape;
  ///   `false` when it may be wider.
  package static func fits(_ text: String, within columns: Int) -> Bool {
    guard text.utf8.count <= columns else { return false }
    let mayEscape = text.utf8.withContiguousStorageIfAvailable {
      ByteScan.mayNeedTerminalEscaping($0)
    }
    return mayEscape == false
  }

  /// Measures the UTF-8 `bytes` of a string.
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> TerminalMeasure {
    // Most values are printable ASCII: one branch-free pass answers for them.
    if ByteScan.isPrintableASCII(bytes) { return .width(bytes.count) }
    guard let base = bytes.baseAddress else { return .width(0) }
    let count = bytes.count
    var total = 0
    var needsClusters = false
    // The width of the last scalar that took columns, and whether it was below U+0300 (see
    // `DisplayWidth.scalarSumWidth(of:)` for why these two decide).
    var previousWidth = 0
    var previousIsLatin = true
    var index = 0
    while index < count {
      let lead = base[index]
      let value: UInt32
      if lead < 0x80 {
        if lead < 0x20 || lead == 0x7F { return .needsEscaping }
        total += 1
        previousWidth = 1
        previousIsLatin = true
        index += 1
        continue
      }
      // Swift strings hold valid UTF-8, so a sequence is never cut short; should one be, the
      // text goes to the escaper rather than this loop reading past the end.
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard index + length <= count else { return .needsEscaping }
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6
          | UInt32(base[index + 2] & 0x3F)
        index += 3
      } else {
        value =
          UInt32(lead & 0x07) << 18 | UInt32(base[index + 1] & 0x3F) << 12
          | UInt32(base[index + 2] & 0x3F) << 6 | UInt32(base[index + 3] & 0x3F)
        index += 4
      }
      if TerminalEscaping.isEscaped(nonASCII: value) { return .needsEscaping }
      // Past this point only escaping can change the answer; keep scanning for it.
      if needsClusters { continue }
      if value == 0xFE0F || value == 0x200D {
        needsClusters = true
        continue
      }
      // Latin-1 and the Latin extensions (no controls are left below U+0300) take one column.
      let scalarWidth = value < 0x300 ? 1 : DisplayWidth.width(ofScalar: value)
      if scalarWidth == 0 { continue }
      let isLatin = value < 0x300
      if scalarWidth == 2 {
        if (previousWidth == 1 && !previousIsLatin) || DisplayWidth.joinsWideCluster(value) {
          needsClusters = true
          continue
        }
      } else if previousWidth == 2 && !isLatin {
        needsClusters = true
        continue
      }
      total += scalarWidth
      previousWidth = scalarWidth
      previousIsLatin = isLatin
    }
    return needsClusters ? .needsClusters : .width(total)
  }
}
