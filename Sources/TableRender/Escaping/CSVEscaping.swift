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
    let capacity = longestField(bytes.count)
    if let target = output.reserve(capacity) {
      output.commit(
        storeField(
          bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
          at: target))
      return
    }
    // A field too large for one block of the buffer is escaped on the side, then copied.
    let escaped = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      guard let target = buffer.baseAddress else { return }
      count = storeField(
        bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
        at: target)
    }
    output.write(utf8: escaped)
  }

  /// The most bytes a field of `count` bytes takes: every byte a doubled quote, plus the two
  /// enclosing quotes and the formula guard.
  private static func longestField(_ count: Int) -> Int {
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
  ///   - target: Room for ``longestField(_:)`` bytes.
  /// - Returns: The number of bytes stored.
  private static func storeField(
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
    if guardsFormulas, startsFormula(first) {
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
