package import TableKitArguments
import TableKitRecords
import TableKitSamples

extension Options {
  /// `tablekit`'s description: the option table its parser and its help are made from.
  package static var command: CommandDescription<Options> {
    var command = CommandDescription<Options>(
      name: "",
      usage: [
        "[<file> | --input <file>] [--format <format>] [options]",
        "<file.db> [--table <name> | --query <sql>] [--format <format>] [options]",
        "browse [--nested | --input <file.json> | --url <url>] [--script]",
        "open <url> [--format <format>]",
        "export --out <folder> [--root <url>] [<file> --group-by <cols> | --input <nested.json>]",
        "help [<command>]",
      ],
      abstract:
        "Render a table from CSV, TSV, JSON, JSON Lines or SQLite (the default command).",
      discussion: [
        .init(
          nil,
          [
            """
            Renders a table read from a CSV, TSV, JSON or JSON Lines file, or from standard \
            input, or a table or query of a SQLite database file, as aligned text, Markdown, \
            CSV or HTML. With no input it renders the \
            built-in sample ledger (invoices, refunds and notes). tablekit help <command> \
            (browse, open, export) describes the other commands.
            """,
            """
            An option's value follows it (--format csv) or is joined to it with = \
            (--format=csv); after --, every argument is the input file \
            (tablekit -- -data.csv).
            """,
          ])
      ],
      groups: [inputGroup, databaseGroup, shapingGroup, reportGroup, outputGroup, sampleGroup],
      exitStatuses: exitStatuses,
      positional: { options, token throws(UsageError) in
        try options.setInput(token, positional: true)
      },
      run: RenderCommand.run)
    command.notes = notes
    command.examples = [
      .init("tablekit data.csv", "Aligned text in the terminal."),
      .init("jq '.items' api.json | tablekit -f markdown", "A JSON array from a pipe."),
      .init("tablekit --from jsonl logs.jsonl --columns time,level,message"),
      .init("tablekit sales.csv --sort -amount --group-by region --count -f html -o report.html"),
      .init("tablekit big.csv -f csv | head", "Streams: rows come out as they are read."),
      .init("tablekit shop.db", "A database's tables and views, with their row counts."),
      .init("tablekit shop.db --table orders --sort -total -f markdown"),
      .init("tablekit shop.db --query 'SELECT city, count(*) AS n FROM customers GROUP BY 1'"),
      .init(
        "tablekit sales.csv --group-by region --sum amount --mean price --total "
          + "--column amount=money:EUR --locale de_DE --spanner 'Money=amount,price' "
          + "--footnote 'amount=Excluding VAT' -f html",
        "A report: subtotals per region, a grand total in euros as Germans write them, a "
          + "spanner and a footnote."),
    ]
    return command
  }

  private static var inputGroup: OptionGroup<Options> {
    OptionGroup(
      "INPUT",
      [
        .path(
          "-i", "--input", placeholder: "<file>",
          help: """
            The table to read (also the first argument); - is standard input. With no \
            input, standard input is read when it is a pipe or a file (an empty one means \
            the sample); a terminal means the sample.
            """
        ) { options, token throws(UsageError) in try options.setInput(token, positional: false) },
        .optionalValue(
          "--from", placeholder: "<format>",
          help: """
            \(inputList). Without it: the extension (.csv; .tsv, .tab; .json; .jsonl, \
            .ndjson), else the first bytes: [ is JSON, { is JSON Lines when the first line \
            holds a whole value (else a JSON table document), else TSV when the first line \
            has more tabs than commas, else CSV.
            """,
          expected: "one of \(inputList)", { InputFormat(rawValue: $0) }, to: \.input.format),
        .flag(
          "--no-infer", help: "CSV, TSV: keep every field as text.", sets: \.input.infers, to: false
        ),
        CommandOption(
          ["--column"], kind: .value(placeholder: "<name>=<type>"),
          help: """
            CSV, TSV: read a column's fields as a type (repeat for more columns): decimal; \
            percent (12.5% or the fraction 0.125); money:<code> (12.50 or EUR 12.50 in that \
            ISO 4217 currency); date:<pattern> of yyyy, y, MM, M, dd, d, HH, H, mm, ss, S… \
            and XXX (date alone is yyyy-MM-dd). Nothing is inferred: a field that does not \
            fit is an error at its line and column. Such a file is read by one thread.
            """
        ) { options, option, value throws(UsageError) in
          try options.declareColumnType(option, value)
        },
        .flag(
          "--lossy", help: "CSV, TSV: show invalid UTF-8 as U+FFFD instead of failing.",
          sets: \.input.isLossy),
        .value(
          "--max-field-bytes", placeholder: "<n>",
          help: """
            The most bytes one field may take (default 128M; K, M, G are powers of \
            1024). A longer one is an error naming the line, column and byte where it \
            starts, so no input (/dev/zero, a quote never closed) takes unbounded memory. \
            JSON: a string or number is a field.
            """,
          expected: byteCountExpected, InputLimits.byteCount, to: \.input.limits.maximumFieldBytes
        ),
        .value(
          "--max-record-bytes", placeholder: "<n>",
          help: """
            The most bytes one record may take (default 256M), the same way. JSON: an \
            object or array row is a record.
            """,
          expected: byteCountExpected, InputLimits.byteCount,
          to: \.input.limits.maximumRecordBytes),
        .value(
          "--sample-rows", placeholder: "<n>",
          help: """
            Rows read first and kept (default 1000): they name the columns of JSON \
            objects, and, from a pipe, set the widths of text columns (later wider values \
            are cut with …, or wrapped with --wrap). From a file, text reads the file twice \
            instead: once for the widths, once to draw.
            """,
          expected: "a positive whole number of rows", positiveNumber, to: \.input.sample),
      ])
  }

  private static var databaseGroup: OptionGroup<Options> {
    OptionGroup(
      "DATABASES",
      [
        CommandOption(
          ["--table"], kind: .value(placeholder: "<name>"),
          help: """
            The table or view of a SQLite input to render, its name exactly as the schema \
            spells it (any characters; it is quoted, never run as SQL).
            """
        ) { options, name, value throws(UsageError) in
          guard let value else { throw .missingValue(name) }
          try options.database.choose(name)
          options.database.table = value.text
        },
        CommandOption(
          ["--query"], kind: .value(placeholder: "<sql>"),
          help: """
            One SQL statement that reads (SELECT, WITH, VALUES); its rows are rendered. A \
            statement that would write (INSERT, UPDATE, DELETE, CREATE, PRAGMA that sets) \
            is refused before it runs.
            """
        ) { options, name, value throws(UsageError) in
          guard let value else { throw .missingValue(name) }
          try options.database.choose(name)
          options.database.query = value.text
        },
        .text(
          "--null", placeholder: "<text>",
          help: """
            Show NULL as this text. By default NULL is the word NULL in text, Markdown, HTML, \
            LaTeX and Typst, and in CSV an empty field while the empty text is "".
            """,
          to: \.database.nullText),
      ])
  }

  private static var shapingGroup: OptionGroup<Options> {
    OptionGroup(
      "SHAPING",
      [
        .optionalValue(
          "--columns", placeholder: "<a,b,c>", help: "Show these columns, in this order.",
          expected: "column names separated by commas",
          { text in
            let names = text.split(separator: ",").map(String.init)
            return names.isEmpty ? nil : names
          }, to: \.input.shaping.columns),
        .optionalValue(
          "--sort", placeholder: "<col>",
          help: """
            Sort rows by a column; --sort -<col> from the largest. Numbers by value, then \
            false, true, then text; empty last.
            """,
          expected: "a column name",
          { text in
            var column = text
            let descending = column.hasPrefix("-") && column.count > 1
            if descending { column.removeFirst() }
            return (column, descending)
          }, to: \.input.shaping.sort),
        .text(
          "--group-by", placeholder: "<col>",
          help: """
            One section per value of the column (in the order first seen), titled with \
            it; the column moves into the titles. Needs every row first, so the table is \
            held in memory, unless --grouped says the input is grouped already.
            """,
          to: \.input.shaping.groupBy),
        .flag(
          "--grouped",
          help: """
            The input is already grouped by the --group-by column (each group's rows \
            together): rows stream, a new section starting where the value changes. A group \
            that comes back after another is an error at its line and column. Text measures \
            its columns in a first pass over a file; from a pipe, read once, a table measures \
            its first rows (later, wider values are cut) and a report its labels (wider \
            values push the line right).
            """,
          sets: \.input.shaping.isGrouped),
        .text(
          "--title", placeholder: "<text>", help: "A title above the table (text, Markdown, HTML).",
          to: \.input.shaping.title),
        .text(
          "--footer", placeholder: "<text>", help: "Text below each section.",
          to: \.input.shaping.footer),
        .flag(
          "--count", help: "Each section's footer says how many rows it has.",
          sets: \.input.shaping.countsRows),
      ])
  }

  private static var reportGroup: OptionGroup<Options> {
    ReportOptions.group.lifted(\Options.report)
  }

  private static var outputGroup: OptionGroup<Options> {
    let usage = ExitStatus.usage.rawValue
    var group = OutputFormatting.group(
      defaultStyle: "plain",
      output:
        """
        Write to this file instead of standard output, safely: the table goes to a hidden \
        temporary beside it (.<file>.tablekit-XXXXXX), which replaces the file in one \
        rename(2) only once every row was read and written and the data is on the disk. A \
        full disk, a bad row, or Ctrl-C, SIGTERM or SIGHUP leaves the old file byte for \
        byte as it was, and no temporary (only SIGKILL or a crash can leave one). Two runs \
        at once leave one whole output. A link is followed: the file it names is replaced. \
        An output that is the input (the same file, through a link, or as standard input) \
        is refused with status \(usage) before anything is read. With progress shown, a \
        line on standard error says the bytes read of the input's size and the rows read \
        ("pass 2" when a text table reads the file again after measuring it).
        """
    ).lifted(\Options.output)
    group.options += ProgressChoice.options.map { $0.lifted(\Options.output.progress) }
    group.options += [
      .optionalValue(
        "-w", "--max-width", placeholder: "<n>", help: "Text: fit the table in n columns.",
        expected: "a positive whole number", positiveNumber, to: \.maximumWidth),
      .flag("--wrap", help: "Text: wrap long values instead of truncating them.", sets: \.wraps),
      .flag(
        "--decimal-align", help: "Text: line numbers up on their decimal point.",
        sets: \.alignsDecimalPoints),
    ]
    return group
  }

  private static var sampleGroup: OptionGroup<Options> {
    let feed: [CommandOption<Options>] = [
      ("--page-size", "Feed: posts per page (default 20)."),
      ("--pages", "Feed: pages loaded before rendering (default 1)."),
      ("--feed-size", "Feed: posts in all (default 120; 0 shows the empty row)."),
      ("--fail-page", "Feed: page n (from 0) fails to load, showing the failure row."),
    ].map { name, help in
      CommandOption([name], kind: .value(placeholder: "<n>"), help: help) {
        options, option, value throws(UsageError) in
        guard let value else { throw .missingValue(option) }
        var settings = options.feed ?? SampleFeed.Settings()
        try settings.set(name, to: value)
        options.feed = settings
      }
    }
    return OptionGroup(
      "SAMPLES",
      [
        CommandOption(
          ["--sample"], kind: .value(placeholder: "<name>"),
          help: """
            The built-in sample: ledger (the default) or feed, a paged feed of posts \
            loaded by a model, with its status rows (load more, failure, empty). A number \
            is the old spelling of --sample-rows, still read.
            """
        ) { options, name, value throws(UsageError) in
          let expected =
            """
            ledger or feed (a built-in sample), or a positive whole number of rows \
            (the old spelling of --sample-rows)
            """
          let sample = try CommandOption<Options>.converted(value, option: name, expected: expected)
          {
            text -> (name: Sample?, rows: Int?)? in
            if let sample = Sample(rawValue: text) { return (sample, nil) }
            return positiveNumber(text).map { (nil, $0) }
          }
          if sample.name == .feed { options.feed = options.feed ?? SampleFeed.Settings() }
          if let rows = sample.rows { options.input.sample = rows }
        },
        .flag(
          "--composed",
          help: """
            The composed sample: large invoices (a filtered child) above a segmented \
            ledger showing this month.
            """,
          sets: \.composed),
        .flag(
          "--last-month", help: "The composed sample with the ledger showing last month.",
          apply: { options in
            options.composed = true
            options.showsLastMonth = true
          }),
      ] + feed
        + [
          .path(
            "--cache", placeholder: "<dir>",
            help: """
              Feed: keep pages in <dir> for 60 s; a run within that shows the saved rows, \
              and says from when.
              """
          ) { options, token throws(UsageError) in
            var settings = options.feed ?? SampleFeed.Settings()
            try settings.set("--cache", to: token)
            options.feed = settings
          }
        ])
  }

  private static var notes: [CommandDescription<Options>.Section] {
    [
      .init(
        "STREAMING",
        [
          """
          CSV, TSV, JSON arrays, JSON Lines and database tables and queries stream: rows \
          are written as they are read, in constant memory. --sort and --group-by need every \
          row first, so they hold the table in memory; so does a JSON table document. \
          --group-by with --grouped streams input whose groups are together already. A \
          report's subtotals and a grand total at the bottom stream (over grouped input \
          too); --total-at-top reads a file twice and is refused for a pipe.
          """
        ]),
      .init(
        "SHAPES READ",
        [
          """
          CSV (RFC 4180: quoted fields, \"\" for a quote, CRLF or LF, line breaks in quotes, \
          a byte order mark), TSV (tabs, no quoting). The first row is the header; every \
          row needs one field per column.
          """,
          """
          JSON: an array of objects ([{\"name\": \"a\", \"n\": 1}]: columns are the keys in \
          the order first seen, a missing key is empty), an array of arrays ([[\"name\", \
          \"n\"], [\"a\", 1]]: the first is the header), or a table document: {\"title\": \
          …, \"columns\": [...], \"sections\": [{\"header\": …, \"footer\": …, \"rows\": \
          [[...]]}]} (or \"rows\" at the top level). JSON Lines: one object per line. \
          Nested objects and arrays are shown as their JSON text.
          """,
        ]),
      .init(
        "VALUES",
        [
          """
          Nothing is rewritten or rounded. In CSV and TSV an empty field is empty; true and \
          false are booleans; a field written -?(0|[1-9][0-9]*)(.[0-9]+)? is a number, \
          kept digit for digit (100.10 stays 100.10; up to 38 digits); anything else is \
          text as written (007, +1, 1e5, 1,000, TRUE, -0). JSON strings are text, JSON \
          numbers are numbers: a whole number that fits 64 bits stays an integer; any \
          other number with at most 38 digits written out (at most 38 after the point) \
          is written digit for digit as given: 100.10 stays 100.10 and \
          123456789012345678901234567890 stays whole. An exponent is written out: 1.5e3 \
          becomes 1500, 2.50E-3 becomes 0.00250. Zero has no sign: -0.0 becomes 0.0. In a \
          table document a number that needs more digits (1e400, 1e-400) is an error that \
          names it and its line and column; in a JSON array or JSON Lines it is shown as \
          the text it was written as.
          """
        ]),
      .init(
        "DATABASES",
        [
          """
          A file ending .db, .sqlite, .sqlite3 or .db3, or starting with SQLite's header, is \
          read as a SQLite database, through the system's library (libsqlite3.so.0, Debian's \
          libsqlite3-0; TABLEKIT_SQLITE_LIBRARY names another file). It is untrusted: opened \
          read-only and immutable, in SQLite's defensive mode with the schema untrusted, cell \
          sizes checked, no memory mapping, no attached databases, values of at most 256 MiB; \
          nothing is ever written to it. Without --table or --query the tables and views are \
          listed with their row counts.
          """,
          """
          Values as SQLite holds them: an INTEGER exactly (64 bits); a REAL as the shortest \
          text that reads back as the same double, laid out as Python's repr (0.1, 100.0, \
          1e+16, 5e-324, -0.0), a number when written positionally, text in exponent form; \
          TEXT as UTF-8, each invalid sequence shown as U+FFFD; a BLOB as its first 16 bytes \
          in hex and its size (x'68656c6c6f' (5 bytes)); NULL as an empty cell or --null's \
          text.
          """,
        ]),
      .init(
        "ERRORS",
        [
          """
          Every message on standard error is one line, tablekit: and a clause. Bad input \
          names the file (or standard input), line and column (from 1; columns count \
          characters) and says what is wrong, e.g. \"data.csv:7:1: row 6 has 4 fields, \
          but the header has 3\" or \"invalid UTF-8 at byte 17 (byte offsets count from \
          0)\". A problem found after output began ends the output there, with the \
          message (with -o, the file is left as it was). A bad argument is named with its \
          place: \"argument 3, `--max-width=0`: …\".
          """,
          """
          Ended by SIGINT, SIGTERM or SIGHUP, the program ends by that signal (a shell \
          reports 128 + its number). Output into a closed pipe (| head) ends it quietly by \
          SIGPIPE, as it ends cat (a shell reports 141).
          """,
        ]),
    ]
  }
  /// The statuses the command ends with, and what each means.
  private static var exitStatuses: [(status: ExitStatus, meaning: String)] {
    [
      (.success, "Done."),
      (
        .usage,
        """
        Bad arguments (also a column name the input does not have, a table the database \
        does not have, a query that is wrong or would write, or an output that is the input).
        """
      ),
      (.dataError, "Bad input."),
      (.noInput, "The input file does not exist."),
      (
        .unavailable,
        "SQLite is not installed (a database needs libsqlite3.so.0: Debian's libsqlite3-0)."
      ),
      (.ioError, "Output failed."),
    ]
  }
}
