import Foundation
import TableKit
import TableKitRecords
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ShapingAndStreamingTests {
  static let sales = """
    region,item,amount
    North,pens,10.50
    South,ink,2
    North,paper,
    South,desk,120.00
    North,clips,-3

    """

  @Test func columnsAreChosenAndOrderedByName() throws {
    var input = TableInput()
    input.shaping.columns = ["amount", "item"]
    let table = try readTable("s.csv", Self.sales, input)
    #expect(table.columns == ["amount", "item"])
    #expect(table.rows.first == [try decimal("10.50"), "pens"])
  }

  @Test func anUnknownColumnNamesTheColumnsThereAre() throws {
    var input = TableInput()
    input.shaping.columns = ["price"]
    let error = try #require(inputError("s.csv", Self.sales, input))
    #expect(
      error.message == #"there is no column "price"; the columns are "region", "item", "amount""#)
  }

  @Test func sortingIsNumericForNumbersAndPutsEmptyLastBothWays() throws {
    var input = TableInput()
    input.shaping.sort = ("amount", false)
    input.shaping.columns = ["item"]
    #expect(
      try readTable("s.csv", Self.sales, input).rows == [
        ["clips"], ["ink"], ["pens"], ["desk"], ["paper"],
      ])
    input.shaping.sort = ("amount", true)
    #expect(
      try readTable("s.csv", Self.sales, input).rows == [
        ["desk"], ["pens"], ["ink"], ["clips"], ["paper"],
      ])
  }

  @Test func sortingComparesBigNumbersExactly() throws {
    var input = TableInput()
    input.shaping.sort = ("n", false)
    let text = "n\n12345678901234567890.5\n12345678901234567890.25\n-1\n9\n10\n"
    #expect(
      try readTable("n.csv", text, input).rows.map { $0[0].text } == [
        "-1", "9", "10", "12345678901234567890.25", "12345678901234567890.5",
      ])
  }

  @Test func groupingMakesASectionPerValueInFirstSeenOrderWithCounts() throws {
    var input = TableInput()
    input.shaping.groupBy = "region"
    input.shaping.countsRows = true
    let table = try readTable("s.csv", Self.sales, input)
    #expect(table.columns == ["item", "amount"])
    #expect(table.sections.map(\.header) == ["North", "South"])
    #expect(table.sections.map(\.footer) == ["3 rows", "2 rows"])
    #expect(table.sections[1].rows == [["ink", 2], ["desk", try decimal("120.00")]])
  }

  @Test func aStreamedTableCountsItsRowsInTheFooterOnceRead() throws {
    var input = TableInput()
    input.shaping.countsRows = true
    input.shaping.footer = "Sales"
    #expect(try readTable("s.csv", Self.sales, input).sections[0].footer == "Sales (5 rows)")
  }

  @Test func theFormatIsGuessedFromTheExtensionThenTheContent() {
    #expect(InputFormat.byExtension(of: "a/b.CSV") == .csv)
    #expect(InputFormat.byExtension(of: "logs.ndjson") == .jsonl)
    #expect(InputFormat.byExtension(of: "data.tab") == .tsv)
    #expect(InputFormat.byExtension(of: "dir.v2/file") == nil)
    #expect(InputFormat.guess(from: Array(" [{\"a\": 1}]".utf8)) == .json)
    #expect(InputFormat.guess(from: Array("{\"a\": 1}\n{\"a\": 2}\n".utf8)) == .jsonl)
    #expect(InputFormat.guess(from: Array("{\n  \"columns\": [\"a\"]".utf8)) == .json)
    #expect(InputFormat.guess(from: Array("a\tb,c\td\n".utf8)) == .tsv)
    #expect(InputFormat.guess(from: Array("a,b\n".utf8)) == .csv)
  }

  @Test func aFileWithoutAKnownExtensionIsReadByItsContent() throws {
    #expect(try readTable("data", "[[\"a\"], [1]]").rows == [[1]])
    #expect(try readTable("data", "x\ty\n1\t2\n").columns == ["x", "y"])
  }

  @Test func aMissingFileOrADirectoryIsReportedWithItsPath() {
    let missing = #expect(throws: TableInputError.self) {
      _ = try ByteInput(path: "/nonexistent/t.json")
    }
    #expect(missing?.description == "cannot read /nonexistent/t.json: No such file or directory")
    #expect(missing?.localizedDescription == missing?.description)
    let directory = #expect(throws: TableInputError.self) { _ = try ByteInput(path: "/") }
    #expect(directory?.description == "cannot read /: it is a directory, not a file")
  }

  @Test func aStreamOverAFileIsReadAgainFromItsStartAfterItsKeptRows() throws {
    var input = TableInput()
    input.sample = 2
    let file = try TemporaryFile("n.csv", "n\n1\n2\n3\n4\n")
    let opened = try input.open(try ByteInput(path: file.path), path: file.path)
    let stream = try #require(opened.stream)
    #expect(stream.rereadableRowCount == Int.max)
    // A first pass to the end, then the drawing pass from row 0.
    var first = 0
    while stream.loadRow(first) { first += 1 }
    #expect(first == 4)
    #expect(try collect(opened).rows == [[1], [2], [3], [4]])
  }

  @Test func aStreamOverAPipeKeepsItsSampleToReadTwiceAndThenReadsOn() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let text = Array("n\n1\n2\n3\n4\n".utf8)
    #expect(write(descriptors[1], text, text.count) == text.count)
    close(descriptors[1])
    var input = TableInput()
    input.sample = 2
    let opened = try input.open(
      ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
    let stream = try #require(opened.stream)
    #expect(stream.rereadableRowCount == 2)
    #expect(stream.loadRow(0) && stream.loadRow(1))
    #expect(try collect(opened).rows == [[1], [2], [3], [4]])
  }

  @Test func aPipedInputIsGuessedFromItsFirstBytes() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let text = Array("{\"level\": \"info\"}\n{\"level\": \"warn\"}\n".utf8)
    #expect(write(descriptors[1], text, text.count) == text.count)
    close(descriptors[1])
    let opened = try TableInput().open(
      ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
    #expect(opened.format == .jsonl)
    #expect(try collect(opened).rows == [["info"], ["warn"]])
  }
}
