import TableKit
import TableKitReports
import TableRender
import Testing

@Suite struct LaTeXReportRendererTests {
  @Test func drawsCaptionSpannersGroupsSummariesAndNotes() throws {
    let latex = try LaTeXReportRenderer(report: ReportFixture.report(), mode: .fragment)
      .renderReport(ReportFixture.table())
    // Checked by hand: marks in reading order (amount's label 1, the Bergen cell 2, South's
    // label 3); 10.00 - 5.50 = 4.50, + 1.25 = 5.75; a rule between each summary run and the
    // rows or label beside it, and between the last subtotal and the total; every special
    // character escaped; ESC a marker.
    #expect(
      latex == #"""
        \begin{longtable}{lrr}
        \caption{Sales \textless{}2026\textgreater{}}\\
        \caption*{By region}\\
        \toprule
         & \multicolumn{2}{c}{Money \& more} \\
        \cmidrule(lr){2-3}
        city & amount\textsuperscript{1} & qty \\
        \midrule
        \endfirsthead
        \toprule
         & \multicolumn{2}{c}{Money \& more} \\
        \cmidrule(lr){2-3}
        city & amount\textsuperscript{1} & qty \\
        \midrule
        \endhead
        \bottomrule
        \endlastfoot
        \multicolumn{3}{l}{\textbf{North}} \\
        Oslo & EUR 10.00 & 2 \\
        =cmd\textbar{}\textquotesingle{} /C calc\textquotesingle{}!A0 & EUR -5.50\textsuperscript{2} & 3 \\
        \midrule
        \textit{Subtotal} & EUR 4.50 & 5 \\
        \midrule
        \multicolumn{3}{l}{\textbf{\textless{}b\textgreater{}South\textless{}/b\textgreater{}}\textsuperscript{3}} \\
        Rome & EUR 1.25 &  \\
        \midrule
        \textit{Subtotal} & EUR 1.25 & — \\
        \midrule
        \textbf{Total} & EUR 5.75 & 5 \\
        \end{longtable}
        \begin{flushleft}\footnotesize
        \textsuperscript{1}~Excluding VAT\par
        \textsuperscript{2}~Estimate\par
        \textsuperscript{3}~\textless{}script\textgreater{}alert(1)\textless{}/script\textgreater{}\par
        Source: the \texttt{{[}U+001B{]}}\allowbreak{}{[}31mledger\par
        \end{flushleft}

        """#)
  }

  @Test func nestedSpannersHaveACmidruleUnderEachAtEveryLevel() throws {
    let report = Report(
      spanners: [
        ColumnSpanner("All", columns: 0..<4), ColumnSpanner("Middle", columns: 1..<3),
        ColumnSpanner("Last", columns: 3..<4),
      ])
    let latex = try LaTeXReportRenderer(report: report, mode: .fragment).renderReport(
      Self.fourColumns())
    // Checked by hand: "All" holds the other two, so it stands a level above them; the lower
    // row has a gap over column 1, then "Middle" over 2-3 and "Last" over 4; b holds numbers,
    // so it is `r`.
    #expect(
      latex.hasPrefix(
        #"""
        \begin{longtable}{lrll}
        \toprule
        \multicolumn{4}{c}{All} \\
        \cmidrule(lr){1-4}
         & \multicolumn{2}{c}{Middle} & \multicolumn{1}{c}{Last} \\
        \cmidrule(lr){2-3}
        \cmidrule(lr){4-4}
        a & b & c & d \\
        \midrule
        \endfirsthead
        """#))
  }

  @Test func hostileTextInEveryPlaceStaysText() throws {
    let attack = #"\input{/etc/passwd}"#
    let (report, table) = ReportFixture.hostile(attack)
    let latex = try LaTeXReportRenderer(report: report, mode: .fragment).renderReport(table)
    let escaped = #"\textbackslash{}input\{/etc/passwd\}"#
    #expect(!latex.contains(#"\input"#))
    #expect(latex.contains(#"\caption{"# + escaped + "}"))
    #expect(latex.contains(#"\caption*{"# + escaped + "}"))
    #expect(latex.contains(#"\multicolumn{2}{c}{"# + escaped + "}"))
    #expect(latex.contains("\n" + escaped + " & n \\\\\n"))
    #expect(latex.contains(#"\multicolumn{2}{l}{\textbf{"# + escaped + #"}\textsuperscript{1}}"#))
    #expect(latex.contains("\n" + escaped + " & 1 \\\\\n"))
    #expect(latex.contains(#"\textbf{"# + escaped + "} &  \\\\\n"))
    #expect(latex.contains(#"\textsuperscript{1}~"# + escaped + "\\par\n"))
    #expect(latex.contains("\n" + escaped + "\\par\n"))
    // The column label and the group label are each written once per header or row, the rest
    // once: 2 + 1 + 1 (caption, caption*, spanner ×2, label ×2, group, cell, summary, note,
    // source note).
    #expect(latex.ranges(of: escaped).count == 11)
  }

  @Test func aSummaryAtTheTopIsSetOffBelowAndSymbolsMarkNotes() throws {
    let report = Report(
      summaries: [SummaryRow(label: "All", scope: .grand, placement: .top, aggregates: [1: .sum])],
      footnotes: [Footnote("Note", on: .column(1))], footnoteMarks: .symbols)
    let latex = try LaTeXReportRenderer(report: report, mode: .fragment).renderReport(
      Self.fourColumns())
    // Checked by hand: the total comes before the rows (1 + 2 = 3) with a rule under it; the
    // unlabelled group draws no row; `*` is braced as every star is.
    #expect(
      latex.contains(
        #"""
        \endlastfoot
        \textbf{All} & 3 &  &  \\
        \midrule
        w & 1 & x & y \\
        v & 2 & x & y \\
        \end{longtable}
        \begin{flushleft}\footnotesize
        \textsuperscript{{*}}~Note\par
        \end{flushleft}
        """#))
    #expect(latex.contains(#"a & b\textsuperscript{{*}} & c & d \\"#))
  }

  @Test func aDocumentWrapsTheTableAndItsNotes() throws {
    let latex = try LaTeXReportRenderer(report: ReportFixture.report()).renderReport(
      ReportFixture.table())
    #expect(latex.hasPrefix(LaTeXTableRenderer.documentStart(engine: .pdfLaTeX)))
    #expect(latex.hasSuffix("\\end{flushleft}\n\\end{document}\n"))
    let unicode = try LaTeXReportRenderer(report: ReportFixture.report(), engine: .unicode)
      .renderReport(ReportFixture.table())
    #expect(unicode.contains("\\usepackage{fontspec}\n"))
  }

  /// Four text columns `a`…`d`, one unlabelled group of two rows.
  static func fourColumns() -> TableView {
    TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: [
          TableSection(
            items: [Cell("", values: ["w", 1, "x", "y"]), Cell("", values: ["v", 2, "x", "y"])])
        ],
        columns: ["a", "b", "c", "d"].map { ColumnDefinition($0) }))
  }
}
