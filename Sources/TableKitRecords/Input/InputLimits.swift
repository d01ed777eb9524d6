/// The most bytes one field and one record may take, so that no input — `/dev/zero`, a file
/// whose closing quote is missing, a JSON string that never ends — can take unbounded memory.
///
/// A reader holds a record whole while it reads it, and makes each field one string, so without
/// a bound a line or field of any size is buffered whole. With these limits a reader stops with
/// ``TableInputError/Reason/fieldTooLong(limit:)`` or
/// ``TableInputError/Reason/recordTooLong(limit:)``, naming the line, column and byte
/// offset where the field or record starts, as soon as it has read one byte past the limit (the
/// way Python's `csv.field_size_limit` does).
///
/// What counts:
/// - CSV and TSV: a field's bytes as they stand in the input, its quotes and doubled quotes
///   included; a record's bytes from its first byte to the end of its last field.
/// - JSON arrays and JSON Lines: one token's bytes (a string with its quotes and escapes as
///   written, or a number) is a field; a record is an object or array row, from its bracket to
///   the closing one.
/// - A JSON table document (`{"columns": …}`) is held whole by design; a string or number in
///   it is a field.
///
/// The defaults, 128 MiB for a field and 256 MiB for a record, are above what other tools that
/// load tables accept in one cell or row (BigQuery loads CSV cells and rows of up to 100 MB;
/// Snowflake's largest text value is 128 MB; a spreadsheet cell holds 32,767 characters), so no
/// real file meets them, while a reader that meets a field without end stops after about
/// 128 MiB instead of running until the machine has no memory left. Reading a record takes
/// about twice its bytes (the input and the strings made from it), so the peak for one record
/// stays under about 600 MiB.
package struct InputLimits: Hashable, Sendable {
  /// The default most bytes in a field: 128 MiB.
  package static let defaultMaximumFieldBytes = 128 << 20
  /// The default most bytes in a record: 256 MiB.
  package static let defaultMaximumRecordBytes = 256 << 20

  /// The largest limit, 2^60 bytes (1 EiB): larger settings are taken as this, so that a
  /// reader adds a limit to an offset in the input without overflow.
  package static let largestLimit = 1 << 60

  /// The most bytes a field may take, from 1 to ``largestLimit``.
  package var maximumFieldBytes: Int {
    didSet { maximumFieldBytes = Self.clamped(maximumFieldBytes) }
  }
  /// The most bytes a record may take, from 1 to ``largestLimit``.
  package var maximumRecordBytes: Int {
    didSet { maximumRecordBytes = Self.clamped(maximumRecordBytes) }
  }

  /// Limits of `field` and `record` bytes; a number below 1 is taken as 1 and one above
  /// ``largestLimit`` as that, so no setting traps.
  ///
  /// - Parameters:
  ///   - field: The most bytes in a field.
  ///   - record: The most bytes in a record.
  package init(
    field: Int = InputLimits.defaultMaximumFieldBytes,
    record: Int = InputLimits.defaultMaximumRecordBytes
  ) {
    maximumFieldBytes = Self.clamped(field)
    maximumRecordBytes = Self.clamped(record)
  }

  /// `bytes` within 1 and ``largestLimit``.
  private static func clamped(_ bytes: Int) -> Int {
    min(max(bytes, 1), largestLimit)
  }

  /// `count` bytes as a person reads a size: `134217728 bytes (128 MiB)`.
  ///
  /// - Parameter count: A number of bytes.
  /// - Returns: The number, and in binary units when it is a whole number of them.
  package static func describe(bytes count: Int) -> String {
    let units: [(shift: Int, name: String)] = [(30, "GiB"), (20, "MiB"), (10, "KiB")]
    for unit in units where count >= 1 << unit.shift && count % (1 << unit.shift) == 0 {
      return "\(count) bytes (\(count >> unit.shift) \(unit.name))"
    }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }

  /// The number of bytes `text` writes: a whole number, optionally followed by `K`, `M` or `G`
  /// (also `KiB`, `MiB`, `GiB`: powers of 1024); `nil` for anything else, zero, a negative
  /// number, or more than `Int` holds.
  ///
  /// - Parameter text: What the command line was given, such as `64M` or `1048576`.
  /// - Returns: The bytes, at least 1, or `nil`.
  package static func byteCount(_ text: String) -> Int? {
    let units: [(suffix: String, shift: Int)] = [
      ("KiB", 10), ("MiB", 20), ("GiB", 30), ("K", 10), ("M", 20), ("G", 30),
    ]
    var digits = Substring(text)
    var shift = 0
    for unit in units where digits.hasSuffix(unit.suffix) {
      digits = digits.dropLast(unit.suffix.count)
      shift = unit.shift
      break
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number > 0
    else { return nil }
    let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
    return overflow ? nil : bytes
  }
}
