extension ExactDecimal {
  /// Reads a decimal number written in plain or scientific notation, keeping every digit.
  ///
  /// Accepted: an optional `+` or `-`, digits with at most one `.` (at least one digit in all),
  /// and an optional exponent (`e` or `E`, an optional sign, digits). The digits after the point
  /// become the ``scale``, less the exponent: `100.10` has scale 2, `1.5e-3` is `0.0015` with scale
  /// 4, `12e2` is `1200` with scale 0. Leading zeros before the point are dropped; trailing zeros
  /// after it are kept. JSON numbers are a subset of this grammar.
  ///
  /// ```swift
  /// try ExactDecimal("-0.50").description  // "-0.50"
  /// try ExactDecimal("1e400")              // throws: "1e400" needs 401 digits; …
  /// ```
  ///
  /// - Parameter text: The number.
  /// - Throws: ``ExactDecimalError`` naming the text and what is wrong: empty, a character that
  ///   cannot stand where it does (with its offset), more than 38 digits, or more than 38 digits
  ///   after the point.
  public init(_ text: some StringProtocol) throws(ExactDecimalError) {
    var parser = DecimalTextParser()
    // Through the bytes in one piece when the text has them so (a native string does): a loop
    // over a generic text's UTF-8 view calls its iterator for every byte.
    let read = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where !parser.read(byte) { return false }
      return true
    }
    // Every byte accepted is ASCII, so the refused byte's offset is also its character's.
    if read == false {
      throw ExactDecimalError(
        text: String(text), reason: .unexpectedCharacter(offset: parser.offset))
    }
    if read == nil {
      for byte in text.utf8 where !parser.read(byte) {
        throw ExactDecimalError(
          text: String(text), reason: .unexpectedCharacter(offset: parser.offset))
      }
    }
    self = try parser.finish(text: String(text))
  }
}

/// A byte-at-a-time reader of the decimal grammar, so callers that already hold bytes (a JSON
/// reader) and callers that hold strings share one definition of what a number is.
package struct DecimalTextParser {
  private enum Part {
    case start, sign, integer, point, fraction, exponentMark, exponentSign, exponent
  }

  private var part = Part.start
  private var isNegative = false
  private var significand: UInt128 = 0
  /// Significant digits read so far (zeros before the first other digit not counted), including
  /// ones past the limit.
  private var digitCount = 0
  private var fractionDigits = 0
  private var sawDigit = false
  private var exponent = 0
  private var exponentIsNegative = false
  /// Bytes read so far; on a refused byte, its offset.
  package private(set) var offset = 0

  /// Creates a parser at the start of a number.
  package init() {}

  /// Reads one byte; `false` when the byte cannot stand here (``offset`` is then its offset).
  package mutating func read(_ byte: UInt8) -> Bool {
    switch (part, byte) {
    case (.start, UInt8(ascii: "-")), (.start, UInt8(ascii: "+")):
      isNegative = byte == UInt8(ascii: "-")
      part = .sign
    case (.start, UInt8(ascii: "0")...UInt8(ascii: "9")),
      (.sign, UInt8(ascii: "0")...UInt8(ascii: "9")),
      (.integer, UInt8(ascii: "0")...UInt8(ascii: "9")):
      addDigit(byte)
      part = .integer
    case (.start, UInt8(ascii: ".")), (.sign, UInt8(ascii: ".")), (.integer, UInt8(ascii: ".")):
      part = .point
    case (.point, UInt8(ascii: "0")...UInt8(ascii: "9")),
      (.fraction, UInt8(ascii: "0")...UInt8(ascii: "9")):
      addDigit(byte)
      fractionDigits += 1
      part = .fraction
    case (.integer, UInt8(ascii: "e")), (.integer, UInt8(ascii: "E")),
      (.point, UInt8(ascii: "e")), (.point, UInt8(ascii: "E")),
      (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
      guard sawDigit else { return false }
      part = .exponentMark
    case (.exponentMark, UInt8(ascii: "-")), (.exponentMark, UInt8(ascii: "+")):
      exponentIsNegative = byte == UInt8(ascii: "-")
      part = .exponentSign
    case (.exponentMark, UInt8(ascii: "0")...UInt8(ascii: "9")),
      (.exponentSign, UInt8(ascii: "0")...UInt8(ascii: "9")),
      (.exponent, UInt8(ascii: "0")...UInt8(ascii: "9")):
      // Past a million the number cannot be held either way; stop growing to avoid overflow.
      if exponent < 1_000_000 { exponent = exponent * 10 + Int(byte - UInt8(ascii: "0")) }
      part = .exponent
    default:
      return false
    }
    offset += 1
    return true
  }

  private mutating func addDigit(_ byte: UInt8) {
    sawDigit = true
    let digit = UInt128(byte - UInt8(ascii: "0"))
    if digitCount == 0 && digit == 0 { return }
    digitCount += 1
    if digitCount <= ExactDecimal.maximumDigits { significand = significand * 10 + digit }
  }

  /// The number read, or the error that says why there is none.
  ///
  /// - Parameter text: The whole text, for the error.
  /// - Returns: The number.
  /// - Throws: ``ExactDecimalError`` for an incomplete number or one past the limits.
  package func finish(text: @autoclosure () -> String) throws(ExactDecimalError) -> ExactDecimal {
    switch part {
    case .integer, .fraction, .exponent:
      break
    case .point where sawDigit:
      break
    case .start:
      throw ExactDecimalError(text: text(), reason: .empty)
    default:
      throw ExactDecimalError(text: text(), reason: .unexpectedCharacter(offset: offset))
    }
    let scale = fractionDigits - (exponentIsNegative ? -exponent : exponent)
    // Written out, the number needs its significant digits plus the zeros a positive exponent
    // adds after them.
    let needed = digitCount == 0 ? 0 : digitCount + max(-scale, 0)
    if needed > ExactDecimal.maximumDigits {
      throw ExactDecimalError(text: text(), reason: .tooManyDigits(needed))
    }
    if scale > ExactDecimal.maximumDigits {
      throw ExactDecimalError(text: text(), reason: .scaleOutOfRange(scale))
    }
    guard scale < 0 else {
      return ExactDecimal(unchecked: significand, scale: scale, isNegative: isNegative)
    }
    var scaled = significand
    for _ in 0..<(-scale) where scaled != 0 { scaled *= 10 }
    return ExactDecimal(unchecked: scaled, scale: 0, isNegative: isNegative)
  }
}
