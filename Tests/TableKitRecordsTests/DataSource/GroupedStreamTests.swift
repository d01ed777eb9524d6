import TableKit
import TableKitRecords
import Testing

@Suite struct GroupedStreamTests {
  static let grouped = """
    region,item,amount
    North,pens,10.50
    North,paper,
    North,clips,-3
    South,ink,2
    South,desk,120.00
    ,tape,1

    """

  /// `sales` grouped as the command line's `--group-by region`, with `--grouped` or not.
  static func input(grouped: Bool, sample: Int = 1_000) -> TableInput {
    var input = TableInput()
    input.shaping.groupBy = "region"
    input.shaping.isGrouped = grouped
    input.shaping.countsRows = true
    input.sample = sample
    input.readAheadRows = 2
    return input
  }

  @Test(arguments: [1, 2, 1_000])
  func groupedInputStreamsTheSectionsHoldingWouldMake(sample: Int) throws {
    let held = try readTable("s.csv", Self.grouped, Self.input(grouped: false))
    let file = try TemporaryFile("s.csv", Self.grouped)
    let opened = try Self.input(grouped: true, sample: sample).open(
      try ByteInput(path: file.path), path: file.path)
    #expect(opened.dataSource is GroupedRecordStream)
    let streamed = try collect(opened)
    #expect(streamed.sections.map(\.header) == ["North", "South", "(empty)"])
    #expect(streamed.sections.map(\.footer) == ["3 rows", "2 rows", "1 row"])
    #expect(streamed == held)
  }

  @Test func groupedInputStreamsFromAPipe() throws {
    let bytes = Array(Self.grouped.utf8)
    let pieces = stride(from: 0, to: bytes.count, by: 7).map {
      Array(bytes[$0..<min($0 + 7, bytes.count)])
    }
    let opened = try Self.input(grouped: true, sample: 2).open(try piecedPipe(pieces), path: nil)
    #expect(opened.stream?.rereadableRowCount == 2)
    #expect(
      try collect(opened) == (try readTable("s.csv", Self.grouped, Self.input(grouped: false))))
  }

  @Test(arguments: [1, 1_000])
  func aGroupThatComesBackIsAnErrorAtItsField(sample: Int) throws {
    let text = "item,region\npens,North\nink,South\n\"paper\",\"North\"\n"
    let error = try #require(inputError("s.csv", text, Self.input(grouped: true, sample: sample)))
    #expect(error.position.map { "\($0.line):\($0.column)" } == "4:10")
    #expect(
      error.description.hasSuffix(
        #"/s.csv:4:10: the group "North" of column "region" comes back in row 3, after other "#
          + "groups; --grouped needs each group's rows together: sort the input by the column, "
          + "or leave out --grouped to group every row in memory"))
    // Held, the same rows make one section for North.
    #expect(try readTable("s.csv", text, Self.input(grouped: false)).sections.count == 2)
  }

  @Test func aGroupThatComesBackNamesItAsDataInTheMessage() throws {
    let text = "region,n\n\"a\u{1B}[2J\",1\nb,2\n\"a\u{1B}[2J\",3\n"
    let error = try #require(inputError("s.csv", text, Self.input(grouped: true)))
    #expect(error.message.hasPrefix(#"the group "a\u{1B}[2J" of column "region" comes back"#))
    #expect(!error.description.contains("\u{1B}"))
  }

  @Test func jsonLinesStreamTheirGroupsWhenTheGroupColumnIsNotShown() throws {
    let text = """
      {"region": "N", "item": "pens", "n": 1}
      {"region": "N", "item": "ink", "n": 2}
      {"region": "S", "item": "desk", "n": 3}

      """
    var input = Self.input(grouped: true)
    input.shaping.columns = ["n"]
    let table = try readTable("s.jsonl", text, input)
    #expect(table.columns == ["n"])
    #expect(table.sections.map(\.header) == ["N", "S"])
    #expect(table.sections.map(\.rows) == [[[1], [2]], [[3]]])
  }

  @Test func aHeldDocumentSaidToBeGroupedRefusesAGroupThatComesBack() throws {
    var input = Self.input(grouped: true)
    input.shaping.sort = ("n", false)
    let text = "region,n\nN,1\nS,2\nN,3\n"
    let error = try #require(inputError("s.csv", text, input))
    #expect(error.reason == .groupComesBack(column: "region", key: "N", row: 3))
  }
}
