import TableKit
package import TableKitArguments
package import TableKitReports

/// The report options of the render command: summaries, a grand total, a subtitle, footnotes,
/// source notes, spanners and a stub column, by column name; ``report(columns:title:grouped:)``
/// turns them into a ``TableKitReports/Report`` once the input's columns are known.
package struct ReportOptions {
  /// Where the grand total stands, if anywhere.
  package enum TotalPlacement {
    case none, bottom, top
  }

  /// Each aggregate asked for, with the column names it applies to, in the order given.
  package var aggregates: [(aggregate: Aggregate, name: String, columns: [String])] = []
  package var total = TotalPlacement.none
  package var subtitle: String?
  package var footnotes: [String] = []
  package var sourceNotes: [String] = []
  package var spanners: [String] = []
  package var stub: String?
  package var footnoteMarks = FootnoteMarks.numbers
  /// The locale numbers, money and dates are shown in (`--locale`); `nil` for plain output.
  package var locale: ReportLocale?
  /// Each `--format-column` in the order given: the column's name and its display format.
  package var columnFormats: [(name: String, format: ColumnFormat)] = []

  /// Whether any report option was given (with none, the plain renderers run untouched).
  package var isRequested: Bool {
    !aggregates.isEmpty || total != .none || subtitle != nil || !footnotes.isEmpty
      || !sourceNotes.isEmpty || !spanners.isEmpty || stub != nil || locale != nil
      || !columnFormats.isEmpty
  }

  /// Whether the report needs every row before the first (a grand total at the top).
  package var needsEveryRowFirst: Bool { total == .top }

  /// The options as the help lists them.
  package static var group: OptionGroup<ReportOptions> {
    let aggregates: [CommandOption<ReportOptions>] = [
      ("--sum", Aggregate.sum, "Sum these columns exactly (money per currency; no rounding)."),
      (
        "--mean", .mean,
        """
        Their mean: the exact sum over the count, rounded once by the column's format to the \
        digits it shows (half to even unless it says half-away); a plain column keeps the \
        values' scale, or 3 digits when they have fewer (the mean of 2 and 3 is 2.5).
        """
      ),
      ("--min", .minimum, "Their smallest value."),
      ("--max", .maximum, "Their largest value."),
      (
        "--count-values", .count,
        "How many values each of these columns has (empty ones not counted)."
      ),
    ].map { name, aggregate, help in
      CommandOption([name], kind: .value(placeholder: "<a,b>"), help: help) {
        options, option, value throws(UsageError) in
        guard let value else { throw .missingValue(option) }
        let columns = value.text.split(separator: ",").map(String.init)
        guard !columns.isEmpty else {
          throw .invalidValue(
            value, option: option.text, expected: "column names separated by commas")
        }
        options.aggregates.append((aggregate, name, columns))
      }
    }
    let repeated: [CommandOption<ReportOptions>] = [
      (
        "--footnote", "<col=text>",
        """
        A note under the table, marked (1, 2, 3 in reading order) on that column's label; \
        =<text> or a text with no = marks the title. Repeatable.
        """, \ReportOptions.footnotes
      ),
      (
        "--source-note", "<text>", "A line under the table, such as the data's source. Repeatable.",
        \.sourceNotes
      ),
      (
        "--spanner", "<Label=a,b>",
        """
        A label over adjacent columns (as shown); spanners nest, and ones that cross are \
        refused. Repeatable.
        """, \.spanners
      ),
    ].map { name, placeholder, help, keyPath in
      CommandOption([name], kind: .value(placeholder: placeholder), help: help) {
        options, option, value throws(UsageError) in
        guard let value else { throw .missingValue(option) }
        options[keyPath: keyPath].append(value.text)
      }
    }
    return OptionGroup(
      "REPORT",
      aggregates + [
        .flag(
          "--total",
          help: """
            A grand total row under the table, over every row (implied when the rows are \
            not grouped).
            """, apply: { $0.total = .bottom }),
        .flag(
          "--total-at-top",
          help: """
            The grand total above the rows instead: needs every row first, so the input is \
            read twice; refused for a pipe.
            """, apply: { $0.total = .top }),
        .text("--subtitle", placeholder: "<text>", help: "A line under the title.", to: \.subtitle),
        .text(
          "--stub", placeholder: "<col>",
          help: "The column that names each row (row headers in HTML); summary labels go there.",
          to: \.stub),
        .flag(
          "--footnote-symbols", help: "Mark footnotes * † ‡ § ¶ ‖ instead of 1, 2, 3.",
          apply: { $0.footnoteMarks = .symbols }),
        CommandOption(
          ["--locale"], kind: .value(placeholder: "<id>"),
          help: """
            Show numbers, money and dates in a CLDR locale (de_DE, en_IN, fr_CH: 118 of them): \
            in the columns given a format, and money columns (--column name=money:CODE) as \
            currency. Plain POSIX output without it.
            """
        ) { options, option, value throws(UsageError) in
          guard let value else { throw .missingValue(option) }
          options.locale = try Self.locale(value, option: option)
        },
        CommandOption(
          ["--format-column"], kind: .value(placeholder: "<col=format>"),
          help: """
            How a column's values are shown (repeatable): number, percent, scientific, \
            currency[:CODE], date:short|medium|long|full|<CLDR pattern>, then modifiers \
            ,digits=N or N-M ,ungrouped ,half-away ,accounting ,iso-code ,missing=<text>; \
            e.g. amount=currency,accounting or price=number,digits=2.
            """
        ) { options, option, value throws(UsageError) in
          guard let value else { throw .missingValue(option) }
          let (name, specification) = Self.split(value.text)
          guard value.text.contains("="), !name.isEmpty else {
            throw .invalidValue(
              value, option: option.text,
              expected: "<column>=<format>, such as amount=currency:EUR,accounting")
          }
          do throws(ValueParserError) {
            let format = try ColumnFormat(specification: specification)
            options.columnFormats.append((name, format))
          } catch {
            throw .invalidValue(value, option: option.text, expected: error.expected)
          }
        },
      ] + repeated)
  }

  /// The report over a table with these columns.
  ///
  /// With grouped rows (`--group-by`) every aggregate gets a subtotal row per group; the grand
  /// total comes with `--total`, `--total-at-top`, or when the rows are not grouped.
  ///
  /// - Parameters:
  ///   - columns: The table's column names, as shown.
  ///   - title: The report's title.
  ///   - grouped: Whether the rows are grouped (`--group-by`).
  ///   - moneyColumns: The columns read as money (`--column name=money:CODE`): shown as currency
  ///     in the locale when `--locale` is given and `--format-column` does not name them.
  /// - Returns: The report.
  /// - Throws: A message naming the option and the column it does not know.
  package func report(
    columns: [String], title: String?, grouped: Bool, moneyColumns: [String] = []
  ) throws(ReportOptionError) -> Report {
    func index(_ name: String, _ option: String) throws(ReportOptionError) -> Int {
      guard let index = columns.firstIndex(of: name) else {
        throw ReportOptionError(option: option, column: name, columns: columns)
      }
      return index
    }
    var report = Report(title: title, subtitle: subtitle, footnoteMarks: footnoteMarks)
    if let stub { report.stubColumn = try index(stub, "--stub") }
    var perColumn: [Int: Aggregate] = [:]
    var optionOf: [Int: String] = [:]
    for (aggregate, option, names) in aggregates {
      for name in names {
        let column = try index(name, option)
        // One summary row holds one aggregate a column: a second would silently replace it.
        if let earlier = optionOf[column] {
          throw ReportOptionError(
            option: option, column: name, columns: columns, alreadyAggregatedBy: earlier)
        }
        optionOf[column] = option
        perColumn[column] = aggregate
      }
    }
    if grouped, !perColumn.isEmpty {
      report.summaries.append(
        SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: perColumn))
    }
    if total != .none || (!grouped && !perColumn.isEmpty) {
      report.summaries.append(
        SummaryRow(
          label: "Total", scope: .grand, placement: total == .top ? .top : .bottom,
          aggregates: perColumn))
    }
    for spanner in spanners {
      let (label, list) = Self.split(spanner)
      let indices = try list.split(separator: ",").map { name throws(ReportOptionError) in
        try index(String(name), "--spanner")
      }.sorted()
      guard let first = indices.first, let last = indices.last, last - first + 1 == indices.count
      else {
        throw ReportOptionError(
          option: "--spanner", column: list, columns: columns, notAdjacent: true)
      }
      report.spanners.append(ColumnSpanner(label, columns: first..<last + 1))
    }
    for note in footnotes {
      let (name, text) = Self.split(note)
      if note.contains("="), !name.isEmpty {
        report.footnotes.append(Footnote(text, on: .column(try index(name, "--footnote"))))
      } else {
        report.footnotes.append(Footnote(note.contains("=") ? text : note, on: .title))
      }
    }
    report.sourceNotes = sourceNotes
    if let locale {
      report.locale = locale
      for name in moneyColumns {
        if let column = columns.firstIndex(of: name) { report.columnFormats[column] = .currency() }
      }
    }
    for (name, format) in columnFormats {
      report.columnFormats[try index(name, "--format-column")] = format
    }
    return report
  }

  /// The locale `value` names, or a usage error naming it with the nearest known identifiers.
  private static func locale(_ value: ArgumentToken, option: ArgumentToken) throws(UsageError)
    -> ReportLocale
  {
    do {
      return try ReportLocale(identifier: value.text)
    } catch {
      let near = ReportLocale.identifiers(near: value.text)
      throw .invalidValue(
        value, option: option.text,
        expected: "a CLDR locale such as de_DE or en_US"
          + (near.isEmpty ? "" : " (nearest: \(near.joined(separator: ", ")))"))
    }
  }

  /// The text before the first `=` and the text after it (all of it after, when there is none).
  private static func split(_ text: String) -> (String, String) {
    guard let equals = text.firstIndex(of: "=") else { return ("", text) }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }
}

/// A report option that names a column the input does not have (or spans columns that are not
/// next to each other).
package struct ReportOptionError: Error, CustomStringConvertible {
  package let option: String
  package let column: String
  package let columns: [String]
  package var notAdjacent = false
  /// The option that already gave the column an aggregate, when a second one names it.
  package var alreadyAggregatedBy: String?

  package var description: String {
    let quoted = TerminalText.inert(column)
    if let earlier = alreadyAggregatedBy {
      return "\(option): the column \"\(quoted)\" is summarised by \(earlier) already; "
        + "a summary row shows one aggregate a column"
    }
    if notAdjacent {
      return "\(option): the columns \"\(quoted)\" are not next to each other as shown"
    }
    let known = columns.map { "\"\(TerminalText.inert($0))\"" }.joined(separator: ", ")
    return "\(option): no column \"\(quoted)\"; the columns are \(known)"
  }
}
