public import TableKit

extension DatabaseValue {
  /// The value as a table cell shows it.
  ///
  /// - `INTEGER` → `CellValue.integer`, exactly.
  /// - `REAL` → `CellValue.exactDecimal` holding the digits ``realText(_:)`` writes, when
  ///   that text is positional (`0.1`, `100.0`): a number, right-aligned, typed in CSV. Text in
  ///   exponent form (`1e+300`, `5e-324`), `-0.0` (an exact decimal has no negative zero) and
  ///   the infinities become `CellValue.text` of the same characters, so every format
  ///   shows exactly what Python's `repr` prints.
  /// - `TEXT` → `CellValue.text`, the empty text included.
  /// - `BLOB` → `CellValue.text` of ``blobText(_:)``.
  /// - `NULL` → `CellValue.empty`, apart from the empty text (`.text("")`): a renderer that
  ///   can show the difference can tell them apart.
  public var cellValue: CellValue {
    switch self {
    case .integer(let number): return .integer(Int(number))
    case .real(let number):
      return Self.realCell(number)
    case .text(let text): return .text(text)
    case .invalidText(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
    case .blob(let bytes): return .text(Self.blobText(bytes))
    case .null: return .empty
    }
  }

  /// A real as a cell: an exact decimal of the digits ``realText(_:)`` writes when it writes
  /// them positionally, else that text.
  private static func realCell(_ number: Double) -> CellValue {
    guard number.isFinite, number != 0 || number.sign == .plus else {
      return .text(realText(number))
    }
    let (digits, decimalPoint) = shortestDigits(number.magnitude)
    guard decimalPoint > -4, decimalPoint <= 16 else { return .text(realText(number)) }
    var significand: UInt128 = 0
    for digit in digits { significand = significand * 10 + UInt128(digit - UInt8(ascii: "0")) }
    var scale = digits.count - decimalPoint
    if scale < 1 {
      // Whole: padded with zeros to the point, and one zero after it (`100.0`).
      for _ in 0..<(1 - scale) { significand *= 10 }
      scale = 1
    }
    guard
      let exact = try? ExactDecimal(
        significand: significand, scale: scale, isNegative: number.sign == .minus)
    else { return .text(realText(number)) }
    return .exactDecimal(exact)
  }
}
