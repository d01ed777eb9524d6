extension DatabaseValue {
  /// A double as the shortest text that reads back as the same double, laid out as Python's
  /// `repr(float)` lays it out.
  ///
  /// The digits are the shortest that round-trip (Swift's `description` finds them, as
  /// Python's `repr` does). The layout is Python's: with the decimal point after `k` digits of
  /// `0.d₁d₂…×10ᵏ`, a value is written positionally when −4 < `k` ≤ 16 (`0.0001`,
  /// `1000000000000000.0`, always with a digit after the point) and in exponent form otherwise
  /// (`1e-05`, `1e+16`, `1.2345678901234568e+20`: the exponent signed, at least two digits).
  /// Zero keeps its sign (`-0.0`); infinities are `inf` and `-inf`.
  ///
  /// Swift's own `description` differs in where it switches to exponent form (it writes
  /// `9.999999999999998e+15` where Python writes `9999999999999998.0`), hence this layout.
  ///
  /// - Parameter number: The double.
  /// - Returns: The text.
  public static func realText(_ number: Double) -> String {
    let sign = number.sign == .minus ? "-" : ""
    if number.isNaN { return "nan" }
    if number.isInfinite { return sign + "inf" }
    let (digits, decimalPoint) = shortestDigits(number.magnitude)
    guard !digits.isEmpty else { return sign + "0.0" }
    var text = [UInt8](sign.utf8)
    text.reserveCapacity(digits.count + 8)
    let zero = UInt8(ascii: "0")
    if decimalPoint <= -4 || decimalPoint > 16 {
      text.append(digits[0])
      if digits.count > 1 {
        text.append(UInt8(ascii: "."))
        text += digits[1...]
      }
      let power = decimalPoint - 1
      text += (power < 0 ? "e-" : "e+").utf8
      if power.magnitude < 10 { text.append(zero) }
      text += String(power.magnitude).utf8
    } else if decimalPoint <= 0 {
      text += "0.".utf8
      text += repeatElement(zero, count: -decimalPoint)
      text += digits
    } else if decimalPoint >= digits.count {
      text += digits
      text += repeatElement(zero, count: decimalPoint - digits.count)
      text += ".0".utf8
    } else {
      text += digits[..<decimalPoint]
      text.append(UInt8(ascii: "."))
      text += digits[decimalPoint...]
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The shortest round-trip digits of a finite, non-negative `magnitude` (ASCII, no leading
  /// or trailing zeros; empty for zero) and where the decimal point goes: the value is
  /// `0.d₁d₂… × 10^decimalPoint`.
  static func shortestDigits(_ magnitude: Double) -> (digits: [UInt8], decimalPoint: Int) {
    var digits: [UInt8] = []
    digits.reserveCapacity(24)
    var wholeCount = 0
    var seenPoint = false
    var exponent = 0
    var exponentSign = 1
    var inExponent = false
    var leadingZeros = 0
    for byte in magnitude.description.utf8 {
      switch byte {
      case UInt8(ascii: "."): seenPoint = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
      case UInt8(ascii: "-") where inExponent: exponentSign = -1
      case UInt8(ascii: "+"): break
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if inExponent {
          exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
          continue
        }
        if !seenPoint { wholeCount += 1 }
        if digits.isEmpty && byte == UInt8(ascii: "0") {
          leadingZeros += 1
        } else {
          digits.append(byte)
        }
      default: break
      }
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return (digits, wholeCount + exponentSign * exponent - leadingZeros)
  }
}
