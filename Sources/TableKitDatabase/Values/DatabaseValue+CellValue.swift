public import TableKit

extension DatabaseValue {
  /// The value as a table cell shows it.
  ///
  /// - `INTEGER` → ``CellValue/integer(_:)``, exactly.
  /// - `REAL` → ``CellValue/exactDecimal(_:)`` holding the digits ``realText(_:)`` writes, when
  ///   that text is positional (`0.1`, `100.0`): a number, right-aligned, typed in CSV. Text in
  ///   exponent form (`1e+300`, `5e-324`), `-0.0` (an exact decimal has no negative zero) and
  ///   the infinities become ``CellValue/text(_:)`` of the same characters, so every format
  ///   shows exactly what Python's `repr` prints.
  /// - `TEXT` → ``CellValue/text(_:)``, the empty text included.
  /// - `BLOB` → ``CellValue/text(_:)`` of ``blobText(_:)``.
  /// - `NULL` → ``CellValue/empty``: distinct from the empty text, which CSV writes as `""`.
  public var cellValue: CellValue {
    switch self {
    case .integer(let number): return .integer(Int(number))
    case .real(let number):
      let text = Self.realText(number)
      if number != 0 || number.sign == .plus,
        text.allSatisfy({ $0 == "." || $0 == "-" || $0.isASCII && $0.isNumber }),
        let exact = try? ExactDecimal(text)
      {
        return .exactDecimal(exact)
      }
      return .text(text)
    case .text(let text): return .text(text)
    case .blob(let bytes): return .text(Self.blobText(bytes))
    case .null: return .empty
    }
  }
}
