/// A value as SQLite holds it: one of its five storage classes.
///
/// Nothing is converted on the way in: an `INTEGER` is its 64 bits, a `REAL` its double, `TEXT`
/// its UTF-8 (or, when its bytes are not UTF-8, those bytes: ``invalidText(_:)``), a `BLOB` its
/// bytes, and `NULL` is distinct from the empty text.
///
/// ```swift
/// let values: [DatabaseValue] = [.integer(9_007_199_254_740_993), .real(0.1), .null]
/// print(values.map(\.displayText))  // ["9007199254740993", "0.1", ""]
/// ```
public enum DatabaseValue: Hashable, Sendable {
  /// An `INTEGER`, exactly.
  case integer(Int64)
  /// A `REAL`.
  case real(Double)
  /// `TEXT` whose bytes are valid UTF-8; a NUL byte inside the text is kept.
  case text(String)
  /// `TEXT` whose bytes are not valid UTF-8, kept as stored.
  ///
  /// SQLite stores whatever bytes it was given as `TEXT`. Kept, they bind back to the same row
  /// and two such values that differ only in their invalid bytes stay two values; shown
  /// (``displayText``, ``cellValue``), they are decoded with U+FFFD for each maximal invalid
  /// subpart, as Swift's decoder and the Unicode standard's recommendation have it.
  case invalidText([UInt8])
  /// A `BLOB`'s bytes.
  case blob([UInt8])
  /// `NULL`.
  case null
}

extension DatabaseValue {
  /// The value as plain text, the same in every locale.
  ///
  /// An integer in decimal; a real as ``realText(_:)`` writes it (what Python's `repr` prints);
  /// text as it is; a blob as ``blobText(_:)`` (its hex preview and size); `NULL` as the empty
  /// string (``cellValue`` keeps it apart from empty text).
  public var displayText: String {
    switch self {
    case .integer(let number): String(number)
    case .real(let number): Self.realText(number)
    case .text(let text): text
    case .invalidText(let bytes): String(decoding: bytes, as: UTF8.self)
    case .blob(let bytes): Self.blobText(bytes)
    case .null: ""
    }
  }

  /// The most bytes of a blob ``blobText(_:)`` shows.
  public static let blobPreviewBytes = 16

  /// A blob as its first bytes in hex, in SQL's blob-literal form, and its size:
  /// `x'68656c6c6f' (5 bytes)`; past ``blobPreviewBytes`` bytes the preview ends with `…`
  /// inside the quotes.
  ///
  /// - Parameter bytes: The blob.
  /// - Returns: The text.
  public static func blobText(_ bytes: [UInt8]) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var text = "x'"
    for byte in bytes.prefix(blobPreviewBytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    if bytes.count > blobPreviewBytes { text += "…" }
    text += "' (\(bytes.count) \(bytes.count == 1 ? "byte" : "bytes"))"
    return text
  }
}
