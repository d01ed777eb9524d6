import TableKit
import TableKitRecords
import Testing

/// A field or record longer than its limit stops the reading with an error naming where it
/// starts, on every path, for CSV, TSV, JSON arrays and JSON Lines; one at the limit reads.
@Suite struct InputLimitsTests {
  static let cases: [(ReadingPath, Int)] = ReadingPath.allCases.flatMap { path in
    (path == .chunkedFile ? [7, 40, 300] : [40]).map { (path, $0) }
  }

  /// A header and 20 good rows of two fields.
  static let prefix = "a,b\n" + (1...20).map { "\($0),x\($0)\n" }.joined()

  @Test(arguments: cases)
  func aFieldLongerThanTheLimitIsReportedWhereItStarts(path: ReadingPath, chunkSize: Int) throws {
    let limits = InputLimits(field: 64, record: 1_000)
    let atLimit = Self.prefix + "21," + String(repeating: "y", count: 64) + "\n"
    #expect(
      try path.error(reading: Array(atLimit.utf8), chunkSize: chunkSize) { $0.limits = limits }
        == nil)

    for field in [
      String(repeating: "y", count: 65), "\"" + String(repeating: "y", count: 63) + "\"",
    ] {
      let bytes = Array((Self.prefix + "21," + field + "\n22,z\n").utf8)
      let error = try path.error(reading: bytes, chunkSize: chunkSize) { $0.limits = limits }
      let place = JSONPosition(byteOffset: Self.prefix.utf8.count + 3, line: 22, column: 4)
      #expect(error?.position == place, "\(path), chunks of \(chunkSize), \(field.prefix(1))")
      #expect(error?.reason == .fieldTooLong(limit: 64))
    }
  }

  @Test(arguments: cases)
  func aQuoteNeverClosedStopsAtTheLimitNotAtTheEnd(path: ReadingPath, chunkSize: Int) throws {
    // Within the limit the missing quote is reported; past it, the limit is.
    let open = Self.prefix + "21,\"" + String(repeating: "line\n", count: 100)
    let place = JSONPosition(byteOffset: Self.prefix.utf8.count + 3, line: 22, column: 4)
    let unlimited = try path.error(reading: Array(open.utf8), chunkSize: chunkSize)
    #expect(unlimited?.reason == .unterminatedQuote)
    #expect(unlimited?.position == place)
    let limited = try path.error(reading: Array(open.utf8), chunkSize: chunkSize) {
      $0.limits = InputLimits(field: 100, record: 1_000)
    }
    #expect(limited?.reason == .fieldTooLong(limit: 100), "\(path), chunks of \(chunkSize)")
    #expect(limited?.position == place)
  }

  @Test(arguments: cases)
  func aRecordLongerThanTheLimitIsReportedWhereItStarts(path: ReadingPath, chunkSize: Int) throws {
    let header = (1...40).map { "c\($0)" }.joined(separator: ",") + "\n"  // 150 bytes
    let row = (1...40).map { String(1_000 + $0) }.joined(separator: ",")  // 199 bytes
    let rows = String(repeating: row + "\n", count: 10)
    let limits = InputLimits(field: 64, record: 199)
    let fits = try path.error(reading: Array((header + rows).utf8), chunkSize: chunkSize) {
      $0.limits = limits
    }
    #expect(fits == nil)
    let long = row + ",5"
    let bytes = Array((header + rows + long + "\n" + rows).utf8)
    let error = try path.error(reading: bytes, chunkSize: chunkSize) {
      $0.limits = limits
    }
    let place = JSONPosition(byteOffset: header.utf8.count + rows.utf8.count, line: 12, column: 1)
    #expect(error?.position == place, "\(path), chunks of \(chunkSize)")
    #expect(error?.reason == .recordTooLong(limit: 199))
  }

  @Test func aFieldWithoutEndFromADeviceStopsAtTheLimit() throws {
    // /dev/zero never ends: only a limit ends the reading.
    for format in [InputFormat.csv, .tsv] {
      var input = TableInput()
      input.format = format
      input.limits = InputLimits(field: 1 << 20, record: 4 << 20)
      #expect {
        _ = try input.open(try ByteInput(path: "/dev/zero"), path: nil)
      } throws: { error in
        let error = error as? TableInputError
        return error?.reason == .fieldTooLong(limit: 1 << 20)
          && error?.position == JSONPosition(byteOffset: 0, line: 1, column: 1)
          && error?.description
            == "/dev/zero:1:1: the field that starts here runs on past byte 1048576: it is "
            + "longer than 1048576 bytes (1 MiB), the most a field may take; raise the "
            + "limit with --max-field-bytes"
      }
    }
  }

  @Test func blankLinesWithoutEndDoNotPileUp() throws {
    // Endless line ends are blank lines, dropped as they are read; a record after 8 MiB of
    // them reads although the record limit is 1 KiB.
    let blank = String(repeating: "\r\n", count: 4 << 20)
    let table = try readTable(
      "blank.csv", "a,b\n" + blank + "1,2\n",
      {
        var input = TableInput()
        input.limits = InputLimits(field: 100, record: 1_024)
        return input
      }())
    #expect(table.rows == [[.integer(1), .integer(2)]])
  }

  @Test func jsonStringsNumbersAndRecordsLongerThanTheLimitsAreReported() throws {
    let limits = InputLimits(field: 40, record: 120)
    let long = String(repeating: "s", count: 39)  // 41 bytes with its quotes
    let cases: [(name: String, text: String, reason: TableInputError.Reason, place: JSONPosition)] =
      [
        (
          "lines.jsonl", "{\"a\": 1}\n{\"a\": \"\(long)\"}\n", .fieldTooLong(limit: 40),
          JSONPosition(byteOffset: 15, line: 2, column: 7)
        ),
        (
          "array.json", "[{\"a\": 1},\n {\"a\": \(String(repeating: "9", count: 41))}]",
          .fieldTooLong(limit: 40), JSONPosition(byteOffset: 18, line: 2, column: 8)
        ),
        (
          "rows.json",
          "[[\"a\"],\n [\(Array(repeating: "\"\(long.prefix(10))\"", count: 12).joined(separator: ","))]]",
          .recordTooLong(limit: 120), JSONPosition(byteOffset: 9, line: 2, column: 2)
        ),
      ]
    for (name, text, reason, place) in cases {
      var input = TableInput()
      input.limits = limits
      // A small file is read in one chunk: the limits hold there too.
      var caught: TableInputError?
      do {
        _ = try readTable(name, text, input)
      } catch let error as TableInputError {
        caught = error
      }
      #expect(caught?.reason == reason, "\(name)")
      #expect(caught?.position == place, "\(name)")
    }
    // At the limits, the same shapes read.
    var input = TableInput()
    input.limits = InputLimits(field: 41, record: 1_000)
    #expect(try readTable("lines.jsonl", "{\"a\": \"\(long)\"}\n", input).rows == [[.text(long)]])
  }

  @Test func aTableDocumentsStringsAreHeldToTheFieldLimit() throws {
    // A document is held whole, but a string or number in it is a field: one without end
    // (bigger than a chunk) stops at the limit, and a long one in a small file is reported too.
    let endless = "{\"columns\": [\"a\"],\n \"rows\": [[\"" + String(repeating: "x", count: 3 << 20)
    let long =
      "{\"columns\": [\"a\"],\n \"rows\": [[\"" + String(repeating: "x", count: 99) + "\"]]}"
    for (text, limit) in [(endless, 1 << 20), (long, 100)] {
      var input = TableInput()
      input.limits = InputLimits(field: limit, record: limit)
      #expect {
        _ = try readTable("doc.json", text, input)
      } throws: { error in
        let error = error as? TableInputError
        return error?.reason == .fieldTooLong(limit: limit)
          && error?.position == JSONPosition(byteOffset: 30, line: 2, column: 12)
      }
    }
    var input = TableInput()
    input.limits = InputLimits(field: 101, record: 1)
    #expect(
      try readTable("doc.json", long, input).rows == [[.text(String(repeating: "x", count: 99))]])
  }

  @Test func jsonWithoutEndStopsAtTheLimits() throws {
    // A string that never closes, and a record that never closes, each bigger than a chunk.
    let string = "{\"a\": \"" + String(repeating: "x", count: 3 << 20)
    let record = "{" + (1...200_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    for (text, reason) in [
      (string, TableInputError.Reason.fieldTooLong(limit: 1 << 20)),
      (record, .recordTooLong(limit: 2 << 20)),
    ] {
      var input = TableInput()
      input.format = .jsonl
      input.limits = InputLimits(field: 1 << 20, record: 2 << 20)
      #expect {
        _ = try readTable("endless.jsonl", text, input)
      } throws: { error in
        (error as? TableInputError)?.reason == reason
      }
    }
  }

  @Test func theLargestLimitsReadEveryFormatWithoutOverflow() throws {
    // A limit is added to offsets; the largest setting must not overflow, in any reader.
    var input = TableInput()
    input.limits = InputLimits(field: .max, record: .max)
    let files: [(String, String)] = [
      ("t.csv", "a,b\n1,\"x\"\n"), ("t.tsv", "a\tb\n1\tx\n"),
      ("t.jsonl", "{\"a\": 1, \"b\": \"x\"}\n"),
      ("t.json", "[{\"a\": 1, \"b\": \"x\"}]"),
      ("doc.json", "{\"columns\": [\"a\", \"b\"], \"rows\": [[1, \"x\"]]}"),
    ]
    for (name, text) in files {
      #expect(try readTable(name, text, input).rows == [[.integer(1), .text("x")]], "\(name)")
    }
  }

  @Test func aLimitBelowOneIsOneAndSizesReadWithUnits() {
    var limits = InputLimits(field: 0, record: -5)
    #expect(limits.maximumFieldBytes == 1)
    #expect(limits.maximumRecordBytes == 1)
    limits.maximumFieldBytes = -1
    #expect(limits.maximumFieldBytes == 1)
    limits.maximumRecordBytes = .max
    #expect(limits.maximumRecordBytes == 1 << 60)
    #expect(InputLimits(field: .max).maximumFieldBytes == 1 << 60)
    #expect(InputLimits().maximumFieldBytes == 128 * 1_048_576)
    #expect(InputLimits().maximumRecordBytes == 256 * 1_048_576)
    let sizes: [(String, Int?)] = [
      ("1", 1), ("4096", 4096), ("64K", 65_536), ("3M", 3_145_728), ("2G", 2_147_483_648),
      ("1MiB", 1_048_576), ("0", nil), ("-1", nil), ("0M", nil), ("", nil), ("M", nil),
      ("1.5M", nil), ("1m", nil), ("+5", nil), ("99999999999999999G", nil), ("٣", nil),
    ]
    for (text, bytes) in sizes {
      #expect(InputLimits.byteCount(text) == bytes, "\(text)")
    }
    #expect(InputLimits.describe(bytes: 128 << 20) == "134217728 bytes (128 MiB)")
    #expect(InputLimits.describe(bytes: 100) == "100 bytes")
  }
}
