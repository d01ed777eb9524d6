/// Decimal arithmetic on digit strings, written apart from `ExactSum` (schoolbook addition and
/// long division on arrays of digits, any length) so the report tests have an independent oracle.
package struct DecimalOracle: Equatable, CustomStringConvertible {
  /// Whether the number is below zero (never for zero).
  package private(set) var isNegative: Bool
  /// Digits, most significant first, without leading zeros (zero is `[]`).
  package private(set) var digits: [UInt8]
  /// Digits after the point.
  package private(set) var scale: Int

  /// Reads `-123.45`, `7`, `0.50`; `nil` for anything else.
  package init?(_ text: some StringProtocol) {
    var rest = Substring(text)
    isNegative = rest.first == "-"
    if isNegative { rest = rest.dropFirst() }
    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    scale = parts.count == 2 ? parts[1].count : 0
    digits = (parts[0] + (parts.count == 2 ? parts[1] : "")).map {
      UInt8(($0.asciiValue ?? 48) - 48)
    }
    normalize()
  }

  /// Zero with scale 0.
  package init() {
    isNegative = false
    digits = []
    scale = 0
  }

  private mutating func normalize() {
    while digits.first == 0 { digits.removeFirst() }
    if digits.isEmpty { isNegative = false }
  }

  /// The number written with `scale` digits after the point.
  package var description: String {
    var text = digits.map { String($0) }.joined()
    if text.count <= scale { text = String(repeating: "0", count: scale - text.count + 1) + text }
    if scale > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -scale)) }
    return (isNegative ? "-" : "") + text
  }

  private func aligned(to target: Int) -> [UInt8] {
    digits + Array(repeating: 0, count: target - scale)
  }

  private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let a = Array(a.drop { $0 == 0 })
    let b = Array(b.drop { $0 == 0 })
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return 0
  }

  private static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var carry = 0
    var i = a.count - 1
    var j = b.count - 1
    while i >= 0 || j >= 0 || carry > 0 {
      let sum = (i >= 0 ? Int(a[i]) : 0) + (j >= 0 ? Int(b[j]) : 0) + carry
      result.append(UInt8(sum % 10))
      carry = sum / 10
      i -= 1
      j -= 1
    }
    return result.reversed()
  }

  /// `a - b` for `a >= b`.
  private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var borrow = 0
    var j = b.count - 1
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      var difference = Int(a[i]) - (j >= 0 ? Int(b[j]) : 0) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 10 }
      result.append(UInt8(difference))
      j -= 1
    }
    return result.reversed()
  }

  /// The exact sum, at the larger scale.
  package static func + (lhs: DecimalOracle, rhs: DecimalOracle) -> DecimalOracle {
    let target = max(lhs.scale, rhs.scale)
    let a = lhs.aligned(to: target)
    let b = rhs.aligned(to: target)
    var result = DecimalOracle()
    result.scale = target
    if lhs.isNegative == rhs.isNegative {
      result.digits = add(a, b)
      result.isNegative = lhs.isNegative
    } else if compare(a, b) >= 0 {
      result.digits = subtract(a, b)
      result.isNegative = lhs.isNegative
    } else {
      result.digits = subtract(b, a)
      result.isNegative = rhs.isNegative
    }
    result.normalize()
    return result
  }

  /// The quotient by a positive count at the same scale, rounded half to even.
  package func divided(by count: Int) -> DecimalOracle {
    var quotient: [UInt8] = []
    var remainder = 0
    for digit in digits {
      let current = remainder * 10 + Int(digit)
      quotient.append(UInt8(current / count))
      remainder = current % count
    }
    var result = self
    result.digits = quotient
    let lastIsOdd = (quotient.last ?? 0) % 2 == 1
    if remainder * 2 > count || (remainder * 2 == count && lastIsOdd) {
      result.digits = Self.add(quotient, [1])
    }
    result.normalize()
    result.isNegative = isNegative && !result.digits.isEmpty
    return result
  }

  /// Whether both are the same number, whatever their scales.
  package func numericallyEquals(_ other: DecimalOracle) -> Bool {
    let target = max(scale, other.scale)
    return isNegative == other.isNegative
      && Self.compare(aligned(to: target), other.aligned(to: target)) == 0
  }
}
