/// Writes text as one RFC 4180 CSV field, scanning its UTF-8 bytes and copying clean runs whole.
///
/// A field is quoted when it holds a comma, a double quote, CR or LF (and, when asked, when it
/// starts or ends with a space or tab); embedded double quotes are doubled. With the formula guard
/// on, a field that a spreadsheet could read as a formula (``startsFormula(_:)`` has the rule and
/// its sources) gets a leading `'` (inside the quotes when it is quoted), so a spreadsheet shows
/// it as text instead of running it. Nothing else changes: control characters and every other
/// character are kept as data.
package enum CSVEscaping {
  /// Writes `text` as one CSV field.
  ///
  /// - Parameters:
  ///   - text: The field's text.
  ///   - guardsFormulas: Whether to prefix `'` to a field that a spreadsheet would run.
  ///   - quotesSurroundingSpaces: Whether to quote a field that starts or ends with a space or
  ///     tab.
  ///   - output: Where the field goes.
  package static func writeField(
    _ text: String,
    guardsFormulas: Bool,
    quotesSurroundingSpaces: Bool,
    into output: inout OutputBuffer
  ) {
    let wrote: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      writeField(
        bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
        into: &output)
    }
    guard wrote == nil else { return }
    // A string without contiguous UTF-8 (bridged from Objective-C) is copied once.
    var copy = text
    copy.withUTF8 { bytes in
      writeField(
        bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
        into: &output)
    }
  }

  /// Writes the UTF-8 `bytes` as one CSV field; see ``writeField(_:guardsFormulas:quotesSurroundingSpaces:into:)``.
  ///
  /// - Parameters:
  ///   - bytes: The field's UTF-8, whole scalars only.
  ///   - guardsFormulas: Whether to prefix `'` to a field that a spreadsheet would run.
  ///   - quotesSurroundingSpaces: Whether to quote a field that starts or ends with a space or
  ///     tab.
  ///   - output: Where the field goes.
  package static func writeField(
    _ bytes: UnsafeBufferPointer<UInt8>,
    guardsFormulas: Bool,
    quotesSurroundingSpaces: Bool,
    into output: inout OutputBuffer
  ) {
    output.writeUnsafeBytes(budget: longestField(bytes.count)) { room in
      storeField(
        bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
        at: room.start)
    }
  }

  /// The budget of a field of `count` bytes, the most ``storeField(_:guardsFormulas:quotesSurroundingSpaces:at:)``
  /// stores: every byte a doubled quote, plus the two enclosing quotes and the formula guard.
  package static func longestField(_ count: Int) -> Int {
    2 * count + 3
  }

  /// Stores the UTF-8 `bytes` as one CSV field at `target` and returns how many bytes it took.
  ///
  /// One scan, eight bytes at a time, decides whether the field needs quotes and whether it
  /// holds a quote to double; a field without quotes inside is copied in one piece.
  ///
  /// - Parameters:
  ///   - bytes: The field's UTF-8, whole scalars only.
  ///   - guardsFormulas: Whether to prefix `'` to a field that a spreadsheet would run.
  ///   - quotesSurroundingSpaces: Whether to quote a field that starts or ends with a space or
  ///     tab.
  ///   - target: Room for ``longestField(_:)`` bytes: the budget of a raw write
  ///     (``OutputBuffer/writeUnsafeBytes(budget:_:)``) that holds the field.
  /// - Returns: The number of bytes stored.
  package static func storeField(
    _ bytes: UnsafeBufferPointer<UInt8>,
    guardsFormulas: Bool,
    quotesSurroundingSpaces: Bool,
    at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let source = bytes.baseAddress, let first = bytes.first, let last = bytes.last else {
      return 0
    }
    let found = ByteScan.find(
      UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"), in: bytes)
    let needsQuotes =
      found.any || (quotesSurroundingSpaces && (isSpaceOrTab(first) || isSpaceOrTab(last)))
    var next = target
    if needsQuotes {
      next.pointee = UInt8(ascii: "\"")
      next += 1
    }
    // `startsFormula(_:)` spelled out on the first byte already at hand: one table lookup for
    // the usual field.
    if guardsFormulas, needsFormulaCheck(first), startsFormulaAfterSkipping(bytes) {
      next.pointee = UInt8(ascii: "'")
      next += 1
    }
    if !found.first {
      OutputBuffer.copy(bytes.count, from: source, to: next)
      next += bytes.count
    } else {
      // Every quote is written twice.
      for byte in bytes {
        next.pointee = byte
        next += 1
        if byte == UInt8(ascii: "\"") {
          next.pointee = byte
          next += 1
        }
      }
    }
    if needsQuotes {
      next.pointee = UInt8(ascii: "\"")
      next += 1
    }
    return next - target
  }

  /// Whether a spreadsheet could read the field `bytes` as a formula, so the guard must
  /// neutralise it.
  ///
  /// The rule, from OWASP's CSV Injection page and OWASP ASVS 5.0 requirement 1.2.10, widened by
  /// what spreadsheets skip before they look for a formula:
  ///
  /// 1. A field whose first character is `=`, `+`, `-` or `@`, TAB or CR (OWASP's list) or NUL
  ///    (ASVS adds it) is guarded, whatever follows.
  /// 2. So is a field whose first character after a run of characters a spreadsheet may skip
  ///    (or a clean-up step may strip) is a *formula sign*: `=`, `+`, `-`, `@`, or any
  ///    character whose compatibility form (Unicode NFKC) starts with one of them. Those are the
  ///    fullwidth forms `＝` `＋` `－` `＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20), which East Asian
  ///    input methods type, the small forms `﹦` `﹢` `﹣` `﹫` (U+FE66, U+FE62, U+FE63, U+FE6B),
  ///    the superscript and subscript `⁼` `⁺` `₌` `₊` (U+207C, U+207A, U+208C, U+208A), `⩵` and
  ///    `⩶` (U+2A75, U+2A76: `==`, `===`) and the Hebrew alternative plus `﬩` (U+FB29).
  ///    Spreadsheets and importers fold width and compatibility forms (Excel's `ASC`, IMEs'
  ///    conversion on entry, NFKC in clean-up scripts), and one that folds any of these to ASCII
  ///    reads a formula; guarding all of them costs a `'` on text that starts with a sign.
  ///    Skipped are: the controls (Unicode category Cc: U+0000–U+001F, U+007F–U+009F), the
  ///    white space (Unicode's White_Space property: space, TAB to CR, U+0085, U+00A0, U+1680,
  ///    U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000) and every
  ///    Default_Ignorable_Code_Point (U+00AD SOFT HYPHEN, U+034F, U+061C, U+115F–U+1160,
  ///    U+17B4–U+17B5, U+180B–U+180F, U+200B–U+200F, U+202A–U+202E, U+2060–U+206F, U+3164,
  ///    U+FE00–U+FE0F, U+FEFF, U+FFA0, U+FFF0–U+FFF8, U+1BCA0–U+1BCA3, U+1D173–U+1D17A,
  ///    U+E0000–U+E0FFF; Unicode 14): characters a renderer draws as nothing, so a person sees
  ///    `=cmd|…` and text tools are told they may drop them. LibreOffice Calc's text import trims
  ///    surrounding spaces with its "Trim spaces" option before it evaluates formulas,
  ///    importers and clean-up steps strip whitespace and invisible characters, and published
  ///    bypasses of first-character guards put a line feed, NUL or soft hyphen before the `=`.
  ///    Which characters each spreadsheet skips was not measured here: the set is meant to
  ///    cover them all, by published Unicode properties rather than a list of sightings, and
  ///    guarding the whole set costs one `'` on text that starts oddly anyway.
  ///
  /// Text starting with anything else, `'` included, is never a formula.
  ///
  /// Most fields start with a letter or a digit: one table lookup on the first byte answers
  /// them. Only a first byte that starts a formula or might be skipped leads to
  /// ``startsFormulaAfterSkipping(_:)``.
  ///
  /// - Parameter bytes: The field's UTF-8, whole scalars only.
  /// - Returns: `true` when the formula guard should neutralise the field.
  @inline(__always)
  package static func startsFormula(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, needsFormulaCheck(first) else { return false }
    return startsFormulaAfterSkipping(bytes)
  }

  /// Whether a field starting with `byte` needs ``startsFormulaAfterSkipping(_:)``: the ASCII
  /// formula starts, C0 controls, space and DEL, and the lead bytes of every skipped scalar or
  /// formula sign (`C2`, `CD`, `D8`, `E1`, `E2`, `E3`, `EF`, `F0`, `F3`).
  ///
  /// The answers for all 256 bytes are a 256-bit table in four 64-bit constants, so the check
  /// has no branch and no global to initialise.
  ///
  /// - Parameter byte: A field's first UTF-8 byte.
  /// - Returns: `false` when no field starting with `byte` can be a formula.
  @inline(__always)
  package static func needsFormulaCheck(_ byte: UInt8) -> Bool {
    let table = SIMD4<UInt64>(
      0x2000_2801_FFFF_FFFF,  // 00–3F: C0 controls, space, `+`, `-`, `=`.
      0x8000_0000_0000_0001,  // 40–7F: `@`, DEL.
      0,  // 80–BF: continuation bytes.
      0x0009_800E_0100_2004  // C0–FF: C2, CD, D8, E1, E2, E3, EF, F0, F3.
    )
    return table[Int(byte >> 6)] >> (byte & 63) & 1 != 0
  }

  /// The full rule of ``startsFormula(_:)``, decoding scalars from the start of `bytes` past
  /// the ones a spreadsheet may skip.
  ///
  /// - Parameter bytes: The field's UTF-8, whole scalars only.
  /// - Returns: `true` when the formula guard should neutralise the field.
  package static func startsFormulaAfterSkipping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    switch first {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
      0x00:
      return true
    default:
      break
    }
    var index = 0
    while index < bytes.count {
      let (scalar, length) = decodeScalar(bytes, at: index)
      if isFormulaStart(scalar) { return true }
      guard isSkipped(scalar) else { return false }
      index += length
    }
    return false
  }

  /// Whether `scalar` is a formula sign: `=`, `+`, `-`, `@` or a character whose NFKC form
  /// starts with one of them (see ``startsFormula(_:)``).
  package static func isFormulaStart(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x3D, 0x2B, 0x2D, 0x40: true  // = + - @
    case 0xFF1D, 0xFF0B, 0xFF0D, 0xFF20: true  // ＝ ＋ － ＠ fullwidth
    case 0xFE66, 0xFE62, 0xFE63, 0xFE6B: true  // ﹦ ﹢ ﹣ ﹫ small
    case 0x207C, 0x207A, 0x208C, 0x208A: true  // ⁼ ⁺ ₌ ₊ superscript, subscript
    case 0x2A75, 0x2A76, 0xFB29: true  // ⩵ ⩶ ﬩
    default: false
    }
  }

  /// Whether a spreadsheet may skip `scalar` at the start of a field: a control (Cc), white
  /// space (White_Space) or a Default_Ignorable_Code_Point (see ``startsFormula(_:)``).
  package static func isSkipped(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x00...0x20, 0x7F...0xA0, 0xAD: true
    case 0x034F, 0x061C, 0x115F...0x1160, 0x1680, 0x17B4...0x17B5, 0x180B...0x180F: true
    case 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F: true
    case 0x3000, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8: true
    case 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: true
    default: false
    }
  }

  /// The scalar value at `index` of valid UTF-8 and how many bytes it takes; a cut-short
  /// sequence at the end reads as U+FFFD, which is neither skipped nor a formula start.
  private static func decodeScalar(
    _ bytes: UnsafeBufferPointer<UInt8>,
    at index: Int
  ) -> (scalar: UInt32, length: Int) {
    let lead = UInt32(bytes[index])
    let length =
      switch lead {
      case 0..<0x80: 1
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      default: 4
      }
    guard length > 1 else { return (lead, 1) }
    guard index + length <= bytes.count else { return (0xFFFD, bytes.count - index) }
    var scalar = lead & (0x7F >> UInt32(length))
    for offset in 1..<length {
      scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return (scalar, length)
  }

  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
