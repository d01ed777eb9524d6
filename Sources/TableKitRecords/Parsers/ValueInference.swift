package import TableKit

/// How a field of a text format (CSV, TSV) becomes a cell: the one documented rule, which never
/// rewrites a value.
///
/// - An empty field is an empty cell.
/// - `true` and `false`, exactly so (lower case), are booleans, written back as `true` and
///   `false`.
/// - A number written `-?(0|[1-9][0-9]*)(\.[0-9]+)?` is a number: a whole number that fits
///   64 bits is an integer, any other with at most 38 digits (at most 38 after the point) an
///   exact decimal, digit for digit: `100.10` stays `100.10`, `123456789012345678901234567890`
///   stays whole. Such a number is written back exactly as it was read.
/// - Everything else is text, exactly as written: `007`, `+1`, `1e5`, `.5`, `1,000`, ` 12`,
///   `TRUE`, `NaN`, `-0` and `-0.0` (a number would lose the sign), and numbers of more than
///   38 digits.
///
/// With inference off, every field that is not empty is text.
package enum ValueInference {
  /// The cell for a field's bytes, which must be valid UTF-8 (see `text`).
  ///
  /// - Parameters:
  ///   - field: The field's bytes, quotes removed.
  ///   - infers: Whether numbers and booleans are recognised; `false` keeps text.
  ///   - text: Makes the field's text when it is text.
  /// - Returns: The cell's value.
  /// - Throws: What `text` throws.
  @inline(__always)
  package static func value<E: Error>(
    of field: UnsafeBufferPointer<UInt8>, infers: Bool,
    text: () throws(E) -> String
  ) throws(E) -> CellValue {
    if field.isEmpty { return .empty }
    if infers {
      if let number = number(field) { return number }
      if field.count == 4, field[0] == UInt8(ascii: "t"), field[1] == UInt8(ascii: "r"),
        field[2] == UInt8(ascii: "u"), field[3] == UInt8(ascii: "e")
      {
        return .boolean(true)
      }
      if field.count == 5, field[0] == UInt8(ascii: "f"), field[1] == UInt8(ascii: "a"),
        field[2] == UInt8(ascii: "l"), field[3] == UInt8(ascii: "s"), field[4] == UInt8(ascii: "e")
      {
        return .boolean(false)
      }
    }
    return .text(try text())
  }

  /// The number the bytes spell by the rule above, or `nil`.
  package static func number(_ field: UnsafeBufferPointer<UInt8>) -> CellValue? {
    // Most numbers are short: read up to 18 digits in 64 bits, and only longer ones in 128.
    let zero = UInt8(ascii: "0")
    let isNegative = field[0] == UInt8(ascii: "-")
    var index = isNegative ? 1 : 0
    let count = field.count
    guard count - index <= 18, index < count else { return longNumber(field) }
    let integerStart = index
    var digits: UInt64 = 0
    while index < count {
      let digit = field[index] &- zero
      guard digit < 10 else { break }
      digits = digits &* 10 &+ UInt64(digit)
      index += 1
    }
    let integerLength = index - integerStart
    guard integerLength > 0 else { return nil }
    if integerLength > 1 && field[integerStart] == zero { return nil }
    if index == count {
      if isNegative && digits == 0 { return nil }
      let magnitude = Int(truncatingIfNeeded: digits)
      return .integer(isNegative ? -magnitude : magnitude)
    }
    guard field[index] == UInt8(ascii: "."), index + 1 < count else { return nil }
    index += 1
    let fractionStart = index
    while index < count {
      let digit = field[index] &- zero
      guard digit < 10 else { return nil }
      digits = digits &* 10 &+ UInt64(digit)
      index += 1
    }
    if isNegative && digits == 0 { return nil }
    guard
      let decimal = try? ExactDecimal(
        significand: UInt128(digits), scale: count - fractionStart, isNegative: isNegative)
    else { return nil }
    return .exactDecimal(decimal)
  }

  /// Whether ``number(_:)`` reads the bytes as a number, without making it: all the CSV writer
  /// asks of a field that starts with `-` before it copies the field as it stands.
  ///
  /// Up to 18 digits the rule is the syntax alone (a significand below 10^18 and a scale below
  /// 18 always make a decimal); longer fields ask ``number(_:)`` itself.
  package static func isNumber(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
    let zero = UInt8(ascii: "0")
    let isNegative = field[0] == UInt8(ascii: "-")
    var index = isNegative ? 1 : 0
    let count = field.count
    guard count - index <= 18, index < count else { return longNumber(field) != nil }
    let integerStart = index
    var nonZero: UInt8 = 0
    while index < count {
      let digit = field[index] &- zero
      guard digit < 10 else { break }
      nonZero |= digit
      index += 1
    }
    let integerLength = index - integerStart
    guard integerLength > 0 else { return false }
    if integerLength > 1 && field[integerStart] == zero { return false }
    if index < count {
      guard field[index] == UInt8(ascii: "."), index + 1 < count else { return false }
      index += 1
      while index < count {
        let digit = field[index] &- zero
        guard digit < 10 else { return false }
        nonZero |= digit
        index += 1
      }
    }
    // -0 and -0.00 are text: a number would lose their sign.
    return !(isNegative && nonZero == 0)
  }

  /// ``number(_:)`` for fields of more than 18 digits.
  private static func longNumber(_ field: UnsafeBufferPointer<UInt8>) -> CellValue? {
    var index = 0
    let count = field.count
    let isNegative = field[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    guard index < count else { return nil }
    let zero = UInt8(ascii: "0")
    // Integer part: one 0, or a digit 1-9 and more digits.
    let integerStart = index
    var digits: UInt128 = 0
    var digitCount = 0
    while index < count {
      let digit = field[index] &- zero
      guard digit < 10 else { break }
      if digitCount > 0 || digit != 0 {
        digitCount += 1
        guard digitCount <= ExactDecimal.maximumDigits else { return nil }
        digits = digits &* 10 &+ UInt128(digit)
      }
      index += 1
    }
    let integerLength = index - integerStart
    guard integerLength > 0 else { return nil }
    if integerLength > 1 && field[integerStart] == zero { return nil }
    var scale = 0
    if index < count {
      guard field[index] == UInt8(ascii: "."), index + 1 < count else { return nil }
      index += 1
      while index < count {
        let digit = field[index] &- zero
        guard digit < 10 else { return nil }
        scale += 1
        if digitCount > 0 || digit != 0 { digitCount += 1 }
        guard digitCount <= ExactDecimal.maximumDigits, scale <= ExactDecimal.maximumDigits
        else { return nil }
        digits = digits &* 10 &+ UInt128(digit)
        index += 1
      }
    }
    if isNegative && digits == 0 { return nil }  // -0 and -0.00 would lose their sign.
    if scale == 0 && digitCount <= 18 {
      let magnitude = Int(truncatingIfNeeded: digits)
      return .integer(isNegative ? -magnitude : magnitude)
    }
    if scale == 0, let magnitude = Int(exactly: digits) {
      return .integer(isNegative ? -magnitude : magnitude)
    }
    if scale == 0 && isNegative && digits == UInt128(Int.max) + 1 { return .integer(Int.min) }
    guard let decimal = try? ExactDecimal(significand: digits, scale: scale, isNegative: isNegative)
    else { return nil }
    return .exactDecimal(decimal)
  }
}
