/// Writes text as one RFC 4180 CSV field, scanning its UTF-8 bytes and copying clean runs whole.
///
/// A field is quoted when it holds a comma, a double quote, CR or LF (and, when asked, when it
/// starts or ends with a space or tab); embedded double quotes are doubled. With the formula guard
/// on, a field whose first character is `=`, `+`, `-`, `@`, tab or CR gets a leading `'` (inside
/// the quotes when it is quoted), so a spreadsheet shows it as text instead of running it. Nothing
/// else changes: control characters and every other character are kept as data.
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
    guard let first = bytes.first, let last = bytes.last else { return }
    let found = ByteScan.find(
      UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"), in: bytes)
    var needsQuotes = found.any
    if quotesSurroundingSpaces, isSpaceOrTab(first) || isSpaceOrTab(last) { needsQuotes = true }

    if needsQuotes { output.write(byte: UInt8(ascii: "\"")) }
    if guardsFormulas, startsFormula(first) { output.write(byte: UInt8(ascii: "'")) }
    if !found.first {
      output.write(utf8: bytes)
    } else {
      // Copy up to and including each quote, then write it a second time.
      var runStart = bytes.startIndex
      for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
        output.write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart...index]))
        output.write(byte: UInt8(ascii: "\""))
        runStart = index + 1
      }
      output.write(utf8: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.endIndex]))
    }
    if needsQuotes { output.write(byte: UInt8(ascii: "\"")) }
  }

  /// Whether a field starting with `byte` could be read as a formula by a spreadsheet: `=`, `+`,
  /// `-`, `@`, tab or CR (OWASP's list).
  ///
  /// - Parameter byte: The field's first UTF-8 byte.
  /// - Returns: `true` when the formula guard should neutralise the field.
  package static func startsFormula(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
      true
    default:
      false
    }
  }

  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
