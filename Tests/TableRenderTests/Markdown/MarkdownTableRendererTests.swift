import TableKit
import TableRender
import Testing

@Suite struct MarkdownTableRendererTests {
  // MARK: - Escaping, one rule at a time

  @Test(arguments: [
    // Pipes would end the cell; GFM's own escape keeps them.
    ("a|b", #"a\|b"#),
    ("|", #"\|"#),
    // A backslash is escaped first, so `\|` stays a backslash and a pipe.
    (#"back\slash"#, #"back\\slash"#),
    (#"\|"#, #"\\\|"#),
    (#"end\"#, #"end\\"#),
    // Emphasis, strong, strikethrough and code.
    ("*em* _u_ ~s~ `c`", #"\*em\* \_u\_ \~s\~ \`c\`"#),
    // Links, images and footnotes.
    ("[l](u) ![i](x) [^f]", #"\[l\]\(u\) \!\[i\]\(x\) \[^f\]"#),
    // A heading's trailing hashes, and math.
    ("C# $5", ##"C\# \$5"##),
    // HTML becomes text; an entity stays text.
    ("<b>&amp;</b>", "&lt;b&gt;&amp;amp;&lt;/b&gt;"),
    // Angle-bracket autolinks are covered by `<`; extended autolinks need their pattern broken.
    ("https://x.org", #"https\://x.org"#),
    ("ftp://x.org/a:b", #"ftp\://x.org/a:b"#),
    ("note: 12:30", "note: 12:30"),
    ("www.x.org", #"www\.x.org"#),
    ("WWW.x.org", #"WWW\.x.org"#),
    ("a.b.c", "a.b.c"),
    ("ann@x.org", "ann<!-- -->@x.org"),
    ("a_b@x.org", #"a\_b<!-- -->@x.org"#),
    ("@user", "@user"),
    ("x @ y", "x @ y"),
    // Line breaks of every kind.
    ("l1\nl2\r\nl3\rl4", "l1<br>l2<br>l3<br>l4"),
    ("\r\n\r\n", "<br><br>"),
    // Control characters as references; NUL as the replacement character.
    ("\u{1B}[0m", #"&#x1B;\[0m"#),
    ("a\u{0}b", "a&#xFFFD;b"),
    ("a\tb\u{7}", "a&#x9;b&#x7;"),
    ("\u{7F}\u{85}\u{9B}", "&#x7F;&#x85;&#x9B;"),
    ("\u{202A}\u{202E}x\u{2066}\u{2069}", "&#x202A;&#x202E;x&#x2066;&#x2069;"),
    // Surrounding whitespace survives GFM's trimming; inner whitespace is kept as it is.
    ("  x  ", "&#x20;&#x20;x&#x20;&#x20;"),
    (" ", "&#x20;"),
    ("\u{A0}x y\u{3000}", "&#xA0;x y&#x3000;"),
    (" \n ", "&#x20;<br>&#x20;"),
    ("a  b", "a  b"),
    // Everything else is written as it is.
    ("", ""),
    ("Zoë 山田 👍🏽 e\u{301}", "Zoë 山田 👍🏽 e\u{301}"),
    ("1. - + = > 'x' \"y\"", "1. - + = &gt; 'x' \"y\""),
  ])
  func escapesText(_ text: String, _ expected: String) {
    #expect(MarkdownEscaping.escape(text) == expected)
  }

  /// The trimming rule decides ASCII without Unicode's tables.
  ///
  /// Unicode's `White_Space` property is the oracle. A character before a space at the start is trimmed only if it is whitespace
  /// itself, and then the space after it is an edge and becomes a reference.
  @Test func asciiTrimmingAgreesWithUnicodeWhiteSpace() {
    for value in UInt8(0)..<0x80 where value != 0x0A && value != 0x0D {
      let scalar = Unicode.Scalar(value)
      let escaped = MarkdownEscaping.escape("\(scalar) x")
      let spaceIsEdge = escaped.hasSuffix("&#x20;x")
      #expect(
        spaceIsEdge == scalar.properties.isWhitespace,
        "U+\(String(value, radix: 16)) escaped as \(escaped)")
    }
  }

  /// The hand-written `White_Space` set against the standard library's Unicode data, for every
  /// scalar.
  @Test func whiteSpaceSetAgreesWithUnicodeForEveryScalar() {
    var disagreements: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if MarkdownEscaping.isWhiteSpace(scalar) != scalar.properties.isWhitespace {
        disagreements.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  @Test(arguments: Hostile.strings)
  func hostileTextStaysOnOneLineWithoutControlCharacters(_ hostile: String) {
    let markdown = MarkdownTableRenderer(title: hostile).render(
      makePaymentsTable([(hostile, [Payment(payee: hostile, cents: -1, isOpen: true)])]))
    let controls = markdown.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
    #expect(controls.isEmpty)
    // Heading, section title, header row, delimiter row and one body row, with blank lines.
    #expect(markdown.split(separator: "\n", omittingEmptySubsequences: false).count == 8)
    #expect(!markdown.contains("<script") && !markdown.contains("<img"))
  }

  // MARK: - Layout

  @Test func rendersTheDocumentationExample() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          "Open", footer: "1 payment awaits approval",
          items: [Payment(payee: "Acme | Sons", cents: 125_000, isOpen: true)]),
        TableSection("Settled", items: [Payment(payee: "*Blue*", cents: 7, isOpen: false)]),
      ],
      columns: [ColumnDefinition("Payee"), ColumnDefinition("Amount"), ColumnDefinition("Open")]
    )
    let markdown = MarkdownTableRenderer(title: "Payments").render(
      TableView(dataSource: dataSource))
    #expect(
      markdown == #"""
        # Payments

        **Open**

        | Payee | Amount | Open |
        | --- | ---: | --- |
        | Acme \| Sons | 1250.00 | true |

        *1 payment awaits approval*

        **Settled**

        | Payee | Amount | Open |
        | --- | ---: | --- |
        | \*Blue\* | 0.07 | false |

        """#)
  }

  @Test func writesEachSectionAsItsOwnTableWithTheHeaderRowRepeated() {
    let markdown = MarkdownTableRenderer().render(
      makePaymentsTable([
        (nil, [Payment(payee: "A", cents: 100, isOpen: true)]),
        ("B", [Payment(payee: "B", cents: 200, isOpen: false)]),
      ]))
    // No title and an untitled first section: the document starts with the table.
    #expect(
      markdown == """
        | Payee | Amount | Open |
        | --- | ---: | --- |
        | A | 1.00 | true |

        **B**

        | Payee | Amount | Open |
        | --- | ---: | --- |
        | B | 2.00 | false |

        """)
  }

  @Test func escapesTitlesOfEveryKind() {
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection(" *x* ", footer: "a\nb | c", items: [Cell("1", values: ["1"])])],
      columns: [ColumnDefinition("<th>")]
    )
    let markdown = MarkdownTableRenderer(title: "Q&A #1").render(TableView(dataSource: dataSource))
    #expect(
      markdown == ##"""
        # Q&amp;A \#1

        **&#x20;\*x\*&#x20;**

        | &lt;th&gt; |
        | --- |
        | 1 |

        *a<br>b \| c*

        """##)
  }

  @Test func writesEmptyHeaderCellsWhenNoColumnsAreDeclared() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          "Phone",
          items: [Cell("+44 20 7946 0018", detail: "work"), Cell("+44 7700 900123")])
      ])
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    #expect(
      markdown == """
        **Phone**

        |  |  |
        | --- | --- |
        | +44 20 7946 0018 | work |
        | +44 7700 900123 |  |

        """)
  }

  @Test func turnsColumnAlignmentsIntoDelimiters() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(items: [Cell("x", values: ["l", "r", "c", 7, "t", .empty])])
      ],
      columns: [
        ColumnDefinition("L", alignment: .left), ColumnDefinition("R", alignment: .right),
        ColumnDefinition("C", alignment: .center), ColumnDefinition("Number"),
        ColumnDefinition("Text"), ColumnDefinition("Empty"),
      ]
    )
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    #expect(
      markdown == """
        | L | R | C | Number | Text | Empty |
        | :--- | ---: | :---: | ---: | --- | --- |
        | l | r | c | 7 | t |  |

        """)
  }

  @Test func alignsAutomaticColumnsOnceForTheWholeTable() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(items: [Cell("a", values: [1]), Cell("b", values: ["one"])]),
        TableSection(items: [Cell("c", values: ["two"]), Cell("d", values: [2])]),
      ],
      columns: [ColumnDefinition("Value")]
    )
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    #expect(
      markdown == """
        | Value |
        | ---: |
        | 1 |
        | one |

        | Value |
        | ---: |
        | two |
        | 2 |

        """)
  }

  @Test func aSectionStartingWithAMemoKeepsTheAmountColumnRightAligned() {
    let memo = Cell("memo", values: ["Call Bob", .empty])
    let invoice = Cell("inv", values: ["INV-1", .decimal(12.5, fractionDigits: 2)])
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection("March", items: [invoice]),
        TableSection("April", items: [memo, invoice]),
        TableSection("May", items: []),
      ],
      columns: [ColumnDefinition("Item"), ColumnDefinition("Amount")]
    )
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    let delimiterRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| -") }
    #expect(delimiterRows == Array(repeating: "| --- | ---: |", count: 3))
  }

  @Test func theFirstValueThatIsNotEmptyDecidesEvenInALaterSection() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection("Memos", items: [Cell("m", values: ["note", .empty])]),
        TableSection(
          "Texts", items: [Cell("t", values: ["x", "n/a"]), Cell("n", values: ["y", 3])]),
      ],
      columns: [ColumnDefinition("Item"), ColumnDefinition("Amount")]
    )
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    let delimiterRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| -") }
    #expect(delimiterRows == ["| --- | --- |", "| --- | --- |"])
  }

  @Test(arguments: [(999, "---:"), (1_000, "---")])
  func readsAheadAtMostAThousandRowsToAlign(emptyRows: Int, delimiter: String) {
    let rows =
      Array(repeating: Cell("", values: [.empty]), count: emptyRows) + [Cell("", values: [5])]
    let dataSource = SectionedDataSource<Any>(items: rows, columns: [ColumnDefinition("N")])
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    #expect(markdown.hasPrefix("| N |\n| \(delimiter) |\n"))
  }

  @Test func writesTheHeaderRowsOfASectionWithoutRows() {
    let dataSource = SectionedDataSource<Any>(
      sections: [TableSection("Nothing yet", footer: "0 rows", items: [])],
      columns: [ColumnDefinition("A"), ColumnDefinition("B", alignment: .right)]
    )
    let markdown = MarkdownTableRenderer().render(TableView(dataSource: dataSource))
    #expect(
      markdown == """
        **Nothing yet**

        | A | B |
        | --- | ---: |

        *0 rows*

        """)
  }

  @Test func leavesOutEmptyTitlesAndKeepsEmptyCells() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection("", footer: "", items: [Cell("x", values: ["", .empty, .boolean(false)])])
      ],
      columns: [ColumnDefinition(""), ColumnDefinition("B"), ColumnDefinition("C")]
    )
    let markdown = MarkdownTableRenderer(title: "").render(TableView(dataSource: dataSource))
    #expect(
      markdown == """
        |  | B | C |
        | --- | --- | --- |
        |  |  | false |

        """)
  }

  @Test func prefersTextRepresentationsOverCells() {
    let markdown = MarkdownTableRenderer().render(
      TableView(
        dataSource: SectionedDataSource<Any>(
          items: [MarkdownParcel(weightInGrams: 1500)],
          columns: [ColumnDefinition("Parcel"), ColumnDefinition("Weight")])))
    #expect(
      markdown == """
        | Parcel | Weight |
        | --- | --- |
        | parcel | 1.5 kg |

        """)
  }

  // MARK: - Golden file

  @Test func rendersMixedTypesLikeTheGoldenFile() {
    let dataSource = SectionedDataSource<Any>(
      sections: [
        TableSection(
          "March 2025", footer: "3 entries, 1 refund",
          items: [
            LedgerInvoiceFixture(
              number: "INV-1042", customer: "Acme | Sons", cents: 125_050, isPaid: true),
            LedgerRefundFixture(
              invoice: "INV-1040", reason: "Damaged *box*\nsent back", cents: 1_999),
            LedgerNoteFixture(text: "Call <Bob> about www.example.com"),
          ]),
        TableSection(
          "April 2025",
          items: [
            LedgerInvoiceFixture(
              number: "INV-1043", customer: "Zoë & Co.", cents: 700, isPaid: false),
            LedgerInvoiceFixture(
              number: "INV-1044", customer: " padded ", cents: -250, isPaid: false),
          ]),
      ],
      columns: [
        ColumnDefinition("Number"), ColumnDefinition("Customer", alignment: .left),
        ColumnDefinition("Amount", alignment: .right),
        ColumnDefinition("Status", alignment: .center),
      ]
    )
    let markdown = MarkdownTableRenderer(title: "Ledger").render(TableView(dataSource: dataSource))
    assertSnapshot(markdown, named: "mixedTypes", extension: "md")
  }
}

/// A type whose text representation differs from its cell.
private struct MarkdownParcel: TableRepresentable, TextRepresentable {
  var weightInGrams: Int

  var tableCell: Cell { Cell("parcel", values: ["parcel", .integer(weightInGrams)]) }
  var textValues: [CellValue] {
    ["parcel", .text("\(weightInGrams / 1_000).\(weightInGrams % 1_000 / 100) kg")]
  }
}

/// The golden file's invoice spells out its status in text formats instead of a boolean.
extension LedgerInvoiceFixture: TextRepresentable {
  var textValues: [CellValue] {
    [
      .text(number), .text(customer), .decimal(Double(cents) / 100, fractionDigits: 2),
      .text(isPaid ? "✓ paid" : "open"),
    ]
  }
}
