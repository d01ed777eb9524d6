/// The lines of a text value, read from its UTF-8 one at a time.
///
/// A line ends at LF, CRLF, U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR; a CR that is
/// not followed by LF stays in its line (the escaper shows it as `^M`). Text that ends with a
/// break has an empty last line. The reader keeps only the text and where the next line
/// starts, so a value of millions of lines is read in one pass with no memory per line.
///
/// ```swift
/// var reader = TextLineReader("one\r\ntwo\u{2028}three")
/// while let line = reader.next({ String(decoding: $0, as: UTF8.self) }) { print(line) }
/// // one, two, three
/// ```
package struct TextLineReader {
  private var text: String
  /// The UTF-8 offset where the next line starts.
  private var offset = 0
  /// Whether the last line has been read.
  private var isFinished = false

  /// How many bytes of the text have been read: up to and including the break after the last
  /// line given, or all of them once the last line was given.
  package var consumedBytes: Int { isFinished ? text.utf8.count : offset }

  /// A reader of the lines of `text`.
  package init(_ text: String) {
    var text = text
    // A no-op for native strings; a string bridged from Objective-C is copied once.
    text.makeContiguousUTF8()
    self.text = text
  }

  /// Calls `body` with the UTF-8 of the next line (without its break) and returns its result,
  /// or returns `nil` once every line has been read.
  ///
  /// - Parameter body: Reads the line's bytes; they are valid only during the call.
  /// - Returns: What `body` returned, or `nil` after the last line.
  /// - Complexity: O(*m*) for a line of *m* bytes: each byte of the text is looked at once over
  ///   all the calls.
  package mutating func next<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard !isFinished else { return nil }
    let start = offset
    let step = text.utf8.withContiguousStorageIfAvailable { bytes -> (Result, next: Int?) in
      let (end, next) = Self.lineEnd(in: bytes, from: start)
      return (body(UnsafeBufferPointer(rebasing: bytes[start..<end])), next)
    }
    guard let step else {
      isFinished = true
      return nil
    }
    if let next = step.next { offset = next } else { isFinished = true }
    return step.0
  }

  /// Whether `text` holds a line break, so that it has more than one line.
  package static func hasLineBreak(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { lineEnd(in: $0, from: 0).next != nil }
  }

  /// Where the line that starts at `start` ends (its break excluded) and where the next one
  /// starts, `nil` when it is the last.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 of the whole text.
  ///   - start: The offset of a line's first byte, at most `bytes.count`.
  /// - Returns: The offset after the line's last byte, and the next line's first offset.
  static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    end: Int, next: Int?
  ) {
    let count = bytes.count
    var index = start
    while index < count {
      let byte = bytes[index]
      if byte == 0x0A {
        let end = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
        return (end, index + 1)
      }
      // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
      if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8
      {
        return (index, index + 3)
      }
      index += 1
    }
    return (count, nil)
  }
}
