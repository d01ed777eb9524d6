import TableKitDatabase
import TableKitTestSupport
import Testing

@Suite struct RealTextTests {
  /// The values the brief names, with what Python's `repr(float)` prints for each (checked
  /// with python3 3.11: `repr(0.1)` and so on).
  @Test(arguments: [
    (0.1, "0.1"), (1e300, "1e+300"), (Double.leastNonzeroMagnitude, "5e-324"), (-0.0, "-0.0"),
    (1e16, "1e+16"),
    (123_456_789_012_345_683_968.0, "1.2345678901234568e+20"), (1e15, "1000000000000000.0"),
    (9999999999999998.0, "9999999999999998.0"), (0.0001, "0.0001"), (0.00001, "1e-05"),
    (100.0, "100.0"), (0.0, "0.0"), (-1.5, "-1.5"), (Double.infinity, "inf"),
    (-Double.infinity, "-inf"), (1.7976931348623157e308, "1.7976931348623157e+308"),
  ])
  func matchesPythonRepr(number: Double, expected: String) {
    #expect(DatabaseValue.realText(number) == expected)
  }

  /// Thousands of doubles from random bit patterns (every exponent), against Python's own
  /// `repr` of the same bits.
  @Test func matchesPythonOnRandomBits() throws {
    var generator = SeededGenerator(state: 38)
    var numbers: [Double] = []
    while numbers.count < 5_000 {
      let number = Double(bitPattern: generator.next())
      if number.isFinite { numbers.append(number) }
    }
    // Decimal powers near Python's switch points, and their neighbours.
    for power in -8...20 {
      let base = Double("1e\(power)") ?? 1
      numbers += [base, base.nextUp, base.nextDown, -base]
    }
    let input = numbers.map { String($0.bitPattern) }.joined(separator: "\n")
    let python = try TestDatabase.python(
      """
      import struct, sys
      for line in sys.stdin:
          print(repr(struct.unpack('<d', struct.pack('<Q', int(line)))[0]))
      """, input: input)
    let expected = python.split(separator: "\n").map(String.init)
    #expect(expected.count == numbers.count)
    var mismatches: [String] = []
    for (number, want) in zip(numbers, expected) where DatabaseValue.realText(number) != want {
      mismatches.append("\(number.bitPattern): \(DatabaseValue.realText(number)) vs \(want)")
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Every text reads back as the same double.
  @Test func readsBackAsTheSameDouble() {
    var generator = SeededGenerator(state: 7)
    for _ in 0..<10_000 {
      let number = Double(bitPattern: generator.next())
      guard number.isFinite else { continue }
      #expect(Double(DatabaseValue.realText(number))?.bitPattern == number.bitPattern)
    }
  }
}
