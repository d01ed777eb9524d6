import TableKit
import TableRender
import Testing

@Suite struct LaTeXTableRendererTests {
  static var payments: TableView {
    makePaymentsTable([
      ("Open", [Payment(payee: "Acme | Sons", cents: 125_000, isOpen: true)]),
      (nil, [Payment(payee: "50% off_", cents: -499, isOpen: false)]),
    ])
  }

  @Test func writesABooktabsLongtableWithTheHeaderOnEveryPage() {
    let latex = LaTeXTableRenderer(caption: "Q&A", mode: .fragment).render(Self.payments)
    #expect(
      latex == """
        \\begin{longtable}{lrl}
        \\caption{Q\\&A}\\\\
        \\toprule
        Payee & Amount & Open \\\\
        \\midrule
        \\endfirsthead
        \\toprule
        Payee & Amount & Open \\\\
        \\midrule
        \\endhead
        \\bottomrule
        \\endlastfoot
        \\multicolumn{3}{l}{\\textbf{Open}} \\\\
        Acme \\textbar{} Sons & 1250.00 & true \\\\
        \\midrule
        50\\% off\\_ & -4.99 & false \\\\
        \\end{longtable}

        """)
  }

  @Test func aDocumentLoadsWhatItNeeds() {
    let latex = LaTeXTableRenderer().render(Self.payments)
    #expect(latex.hasPrefix("\\documentclass{article}\n\\usepackage[T1]{fontenc}\n"))
    #expect(latex.contains("\\usepackage{booktabs}\n\\usepackage{longtable}\n\\begin{document}\n"))
    #expect(latex.hasSuffix("\\end{longtable}\n\\end{document}\n"))
    let unicode = LaTeXTableRenderer(engine: .unicode).render(Self.payments)
    #expect(unicode.contains("\\usepackage{fontspec}\n"))
    #expect(!unicode.contains("fontenc"))
  }

  @Test func aCellWithLineBreaksIsAStackAlignedAsItsColumn() {
    let table = makePaymentsTable([
      ("Notes\nmore", [Payment(payee: "a\r\nb", cents: 1, isOpen: true)])
    ])
    let latex = LaTeXTableRenderer(mode: .fragment).render(table)
    #expect(latex.contains("\\shortstack[l]{a\\\\{}b} & 0.01 & true \\\\\n"))
    #expect(
      latex.contains("\\multicolumn{3}{l}{\\textbf{\\shortstack[l]{Notes\\\\{}more}}} \\\\\n"))
  }

  @Test func aLineBreakInAWrappingColumnEndsALineNotTheRow() {
    // A payee wider than the line makes its column a wrapping `p` column, declared with
    // \arraybackslash, where `\\` is \tabularnewline: it would end the row, sending the rest of
    // the text and the cells after it to a row of their own (and across a page break).
    let payee = String(repeating: "long payee name ", count: 6) + "\nsecond line"
    let table = makePaymentsTable([(nil, [Payment(payee: payee, cents: 1, isOpen: true)])])
    let latex = LaTeXTableRenderer(mode: .fragment).render(table)
    #expect(latex.contains(#"\arraybackslash"#))
    #expect(latex.contains(#"long payee name \newline{}second line & 0.01 & true \\"# + "\n"))
    #expect(!latex.contains(#"\\{}second"#))
  }

  @Test func typedValuesAreEscapedLikeText() throws {
    struct Row: TableRepresentable {
      var tableCell: Cell {
        Cell("r", values: [.percent(ExactDecimal(minorUnits: 125, scale: 3)), .empty])
      }
    }
    let table = TableView(
      dataSource: SectionedDataSource<Any>(
        items: [Row()], columns: [ColumnDefinition("Share"), ColumnDefinition("Note")]))
    let latex = LaTeXTableRenderer(mode: .fragment).render(table)
    #expect(latex.contains("12.5\\% &  \\\\\n"))
  }
}

@Suite struct LaTeXEscapingTests {
  @Test(arguments: [
    ("# $ % & _ { }", "\\# \\$ \\% \\& \\_ \\{ \\}"),
    ("~^\\", "\\textasciitilde{}\\textasciicircum{}\\textbackslash{}"),
    ("<>|", "\\textless{}\\textgreater{}\\textbar{}"),
    ("\"'`", "\\textquotedbl{}\\textquotesingle{}\\textasciigrave{}"),
    ("a--b", "a-{}-b"),
    ("a---b", "a-{}-{}-b"),
    ("-5", "-5"),
    (",,x", ",{},x"),
    ("[opt]*", "{[}opt{]}{*}"),
    ("\\input{/etc/passwd}", "\\textbackslash{}input\\{/etc/passwd\\}"),
    ("tab\there", "tab\\quad{}here"),
    ("Zoë Łódź", "Zoë Łódź"),
    ("ŉ", "\\texttt{{[}U+0149{]}}\\allowbreak{}"),
    ("中", "\\texttt{{[}U+4E2D{]}}\\allowbreak{}"),
    ("\u{1B}[", "\\texttt{{[}U+001B{]}}\\allowbreak{}{[}"),
    ("\u{202E}", "\\texttt{{[}U+202E{]}}\\allowbreak{}"),
    ("a\r\nb\rc\nd\n", "a\\\\{}b\\\\{}c\\\\{}d\\\\{}"),
  ])
  func escapesForPdfLaTeX(_ text: String, _ expected: String) {
    #expect(LaTeXEscaping.escape(text) == expected)
  }

  @Test func unicodeEnginesKeepEveryCharacterButControls() {
    #expect(LaTeXEscaping.escape("中文 ŉ 👍🏽", characters: .unicode) == "中文 ŉ 👍🏽")
    #expect(
      LaTeXEscaping.escape("\u{7}", characters: .unicode) == "\\texttt{{[}U+0007{]}}\\allowbreak{}")
  }

  /// Every output is balanced: braces escaped in the text never open or close a group.
  @Test func bracesStayBalancedForEveryHostileString() {
    for text in Hostile.strings + ["}{", "\\}", "{{{", "%}"] {
      var depth = 0
      var previous: Character = " "
      for character in LaTeXEscaping.escape(text) {
        if previous != "\\" {
          if character == "{" { depth += 1 }
          if character == "}" { depth -= 1 }
          #expect(depth >= 0, "\(text.debugDescription)")
        }
        previous = previous == "\\" && character == "\\" ? " " : character
      }
      #expect(depth == 0, "\(text.debugDescription)")
    }
  }
}
