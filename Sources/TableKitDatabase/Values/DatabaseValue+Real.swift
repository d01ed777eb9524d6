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
    let magnitude = number.magnitude.description
    var mantissa = Substring(magnitude)
    var exponent = 0
    if let mark = magnitude.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = magnitude[..<mark]
      exponent = Int(magnitude[magnitude.index(after: mark)...]) ?? 0
    }
    let point = mantissa.firstIndex(of: ".")
    let whole = point.map { mantissa[..<$0] } ?? mantissa
    let fraction = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
    let all = Array(whole + fraction)
    let leadingZeros = all.prefix { $0 == "0" }.count
    var digits = Array(all.dropFirst(leadingZeros))
    while digits.last == "0" { digits.removeLast() }
    guard !digits.isEmpty else { return sign + "0.0" }
    // The point sits after `decimalPoint` digits of 0.d1d2…
    let decimalPoint = whole.count + exponent - leadingZeros
    if decimalPoint <= -4 || decimalPoint > 16 {
      var text = sign + String(digits[0])
      if digits.count > 1 { text += "." + String(digits[1...]) }
      let power = decimalPoint - 1
      let powerDigits = String(power.magnitude)
      return text + (power < 0 ? "e-" : "e+") + (powerDigits.count < 2 ? "0" : "") + powerDigits
    }
    if decimalPoint <= 0 {
      return sign + "0." + String(repeating: "0", count: -decimalPoint) + String(digits)
    }
    if decimalPoint >= digits.count {
      return sign + String(digits) + String(repeating: "0", count: decimalPoint - digits.count)
        + ".0"
    }
    return sign + String(digits[..<decimalPoint]) + "." + String(digits[decimalPoint...])
  }
}
