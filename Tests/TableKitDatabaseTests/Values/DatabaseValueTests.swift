import TableKit
import TableKitDatabase
import TableKitTestSupport
import Testing

@Suite struct DatabaseValueTests {
  @Test func readsEachStorageClassExactly() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE v (id INTEGER PRIMARY KEY, x);
      INSERT INTO v VALUES (1, 9223372036854775807), (2, -9223372036854775808),
        (3, 9007199254740993), (4, 0.1), (5, 1e300), (6, -0.0), (7, NULL), (8, ''),
        (9, CAST(x'ff61c3' AS TEXT)), (10, 'a' || char(0) || 'b'), (11, x'00ff10'),
        (12, x''), (13, zeroblob(40)), (14, 'héllo');
      """)
    defer { fixture.remove() }
    let rows = try fixture.open().rows("SELECT x FROM v ORDER BY id", table: "v").map { $0[0] }
    #expect(
      rows == [
        .integer(.max), .integer(.min), .integer(9_007_199_254_740_993), .real(0.1), .real(1e300),
        .real(-0.0), .null, .text(""),
        // Not UTF-8 (ff; c3 at the end is a truncated sequence): the bytes as stored.
        .invalidText([0xFF, 0x61, 0xC3]), .text("a\u{0}b"), .blob([0, 255, 16]), .blob([]),
        .blob(Array(repeating: 0, count: 40)), .text("héllo"),
      ])
    // Shown, each maximal invalid subpart is one U+FFFD.
    #expect(rows[8].displayText == "\u{FFFD}a\u{FFFD}")
    #expect(rows[8].cellValue == .text("\u{FFFD}a\u{FFFD}"))
    // -0.0 == 0.0 for Double, so the sign is checked on its own (Python stored -0.0).
    #expect(rows[5].displayText == "-0.0")
  }

  @Test func showsValuesAsCells() throws {
    #expect(DatabaseValue.integer(.max).cellValue == .integer(.max))
    #expect(DatabaseValue.real(0.1).cellValue == .exactDecimal(try ExactDecimal("0.1")))
    #expect(DatabaseValue.real(100).cellValue.text == "100.0")
    #expect(DatabaseValue.real(1e300).cellValue == .text("1e+300"))
    #expect(DatabaseValue.real(-0.0).cellValue == .text("-0.0"))
    #expect(DatabaseValue.real(1e16).cellValue == .text("1e+16"))
    #expect(DatabaseValue.null.cellValue == .empty)
    #expect(DatabaseValue.text("").cellValue == .text(""))
    #expect(DatabaseValue.blob([0x68, 0x69]).cellValue == .text("x'6869' (2 bytes)"))
    #expect(DatabaseValue.blob([1]).displayText == "x'01' (1 byte)")
    #expect(
      DatabaseValue.blob(Array(0..<20)).displayText
        == "x'000102030405060708090a0b0c0d0e0f…' (20 bytes)")
  }

  /// A real's cell shows exactly ``DatabaseValue/realText(_:)``, whether it is a number or
  /// text, across every exponent.
  @Test func realCellsShowTheirReprText() {
    var generator = SeededGenerator(state: 5)
    var numbers: [Double] = [0, 1, 100, 1e15, 1e16, 9_999_999_999_999_998, 0.001, 0.0001, 1e-5]
    for _ in 0..<20_000 {
      let number = Double(bitPattern: generator.next())
      if number.isFinite { numbers.append(number) }
      // Also values with exponents near Python's switch points.
      let near =
        Double(generator.next() % 1_000_000)
        * Double(sign: .plus, exponent: Int(generator.next() % 80) - 40, significand: 1)
      numbers.append(near)
    }
    for number in numbers {
      #expect(DatabaseValue.real(number).cellValue.text == DatabaseValue.realText(number))
    }
  }

  @Test func textThatIsNotUTF8BindsBackToItsOwnRow() throws {
    let fixture = try TestDatabase(
      """
      CREATE TABLE k (key TEXT PRIMARY KEY, n INTEGER);
      INSERT INTO k VALUES (CAST(x'41ff' AS TEXT), 1), (CAST(x'41fe' AS TEXT), 2), ('A', 3);
      """)
    defer { fixture.remove() }
    let database = try fixture.open()
    let keys = try database.rows("SELECT key FROM k ORDER BY n", table: "k").map { $0[0] }
    #expect(keys == [.invalidText([0x41, 0xFF]), .invalidText([0x41, 0xFE]), .text("A")])
    // Both read as "A\u{FFFD}", yet each binds to its own row.
    for (key, number) in zip(keys, [1, 2, 3] as [Int64]) {
      let found = try database.rows("SELECT n FROM k WHERE key = ?", binding: [key], table: "k")
      #expect(found == [[.integer(number)]])
    }
  }
}
