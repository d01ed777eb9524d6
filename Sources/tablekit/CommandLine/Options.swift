package import TableKitArguments
package import TableKitRecords
package import TableRender

/// What the command line asked for.
package struct Options {
  /// The output formats the tool can write.
  package enum Format: String, CaseIterable {
    case text
    case markdown
    case csv
    case html
  }

  /// The built-in samples, by the names `--sample` takes.
  package enum Sample: String, CaseIterable {
    case ledger
    case feed
  }

  /// The text styles, by the names the command line uses.
  package static let styles: [(name: String, style: TextTableStyle)] = [
    ("plain", .plain), ("compact", .compact), ("grid", .grid), ("light", .light),
    ("rounded", .rounded), ("heavy", .heavy), ("double", .double),
  ]

  package var format: Format = .text
  package var style: TextTableStyle = .plain
  package var inputPath: String?
  package var outputPath: String?
  package var maximumWidth: Int?
  package var wraps = false
  package var alignsDecimalPoints = false
  package var htmlFragment = false
  package var formulaGuard = true
  package var showHelp = false
  package var composed = false
  package var showsLastMonth = false
  /// How the input is read and shaped (format, inference, columns, sort, groups, footer).
  package var input = TableInput()
  /// The paged sample feed's settings, when `--sample feed` (or a feed option) was given.
  package var feed: SampleFeed.Settings?

  /// Parses `arguments` (without the program name).
  ///
  /// - Parameter arguments: The command line after `tablekit`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var scanner = ArgumentScanner(arguments)
    var input: ArgumentToken?
    while let argument = scanner.next() {
      guard case .option(let option) = argument else {
        if case .positional(let token) = argument {
          if let input {
            throw .unexpectedArgument(
              token,
              reason: "one input at a time: \(input.place) is the input already")
          }
          input = token
          options.inputPath = token.path
        }
        continue
      }
      try options.apply(option, input: &input, scanner: &scanner)
    }
    return options
  }

  /// Applies the option `option`, taking its value from `scanner`.
  private mutating func apply(
    _ option: ScannedOption, input: inout ArgumentToken?, scanner: inout ArgumentScanner
  ) throws(UsageError) {
    let name = option.name.text
    switch name {
    case "-h", "--help":
      try scanner.flag(option)
      showHelp = true
    case "-f", "--format":
      format = try scanner.value(for: option, expected: "one of \(Self.formatList)") {
        Format(rawValue: $0)
      }
    case "-s", "--style":
      style = try scanner.value(for: option, expected: "one of \(Self.styleList)") { name in
        Self.styles.first { $0.name == name }?.style
      }
    case "-i", "--input":
      let token = try scanner.value(for: option)
      if let input {
        throw .conflictingOptions(
          token, earlier: input, reason: "one input at a time")
      }
      input = token
      inputPath = token.path
    case "--from":
      // Typed, so that a failed conversion is an error, not a `nil` assigned to the optional.
      let format: InputFormat = try scanner.value(
        for: option, expected: "one of \(Self.inputList)"
      ) { InputFormat(rawValue: $0) }
      self.input.format = format
    case "--columns":
      let columns: [String] = try scanner.value(
        for: option, expected: "column names separated by commas"
      ) { text in
        let names = text.split(separator: ",").map(String.init)
        return names.isEmpty ? nil : names
      }
      self.input.shaping.columns = columns
    case "--sort":
      var column = try scanner.value(for: option).text
      let descending = column.hasPrefix("-") && column.count > 1
      if descending { column.removeFirst() }
      self.input.shaping.sort = (column, descending)
    case "--group-by":
      self.input.shaping.groupBy = try scanner.value(for: option).text
    case "--title":
      self.input.shaping.title = try scanner.value(for: option).text
    case "--footer":
      self.input.shaping.footer = try scanner.value(for: option).text
    case "--count":
      try scanner.flag(option)
      self.input.shaping.countsRows = true
    case "--no-infer":
      try scanner.flag(option)
      self.input.infers = false
    case "--lossy":
      try scanner.flag(option)
      self.input.isLossy = true
    case "--max-field-bytes":
      self.input.limits.maximumFieldBytes = try scanner.value(
        for: option, expected: Self.byteCountExpected, InputLimits.byteCount)
    case "--max-record-bytes":
      self.input.limits.maximumRecordBytes = try scanner.value(
        for: option, expected: Self.byteCountExpected, InputLimits.byteCount)
    case "--sample-rows":
      self.input.sample = try scanner.value(
        for: option, expected: "a positive whole number of rows", Self.positiveNumber)
    case "--sample":
      // The old spelling `--sample <n>` still sets the rows kept (now `--sample-rows`).
      let token = try scanner.value(for: option)
      if let sample = Sample(rawValue: token.text) {
        if sample == .feed { feed = feed ?? SampleFeed.Settings() }
      } else if let count = Self.positiveNumber(token.text) {
        self.input.sample = count
      } else {
        throw .invalidValue(
          token, option: name,
          expected: "ledger or feed (a built-in sample), or a positive whole number of rows "
            + "(the old spelling of --sample-rows)")
      }
    case "-o", "--output":
      outputPath = try scanner.value(for: option).path
    case "-w", "--max-width":
      let width: Int = try scanner.value(
        for: option, expected: "a positive whole number", Self.positiveNumber)
      maximumWidth = width
    case "--wrap":
      try scanner.flag(option)
      wraps = true
    case "--decimal-align":
      try scanner.flag(option)
      alignsDecimalPoints = true
    case "--fragment":
      try scanner.flag(option)
      htmlFragment = true
    case "--no-formula-guard":
      try scanner.flag(option)
      formulaGuard = false
    case "--composed":
      try scanner.flag(option)
      composed = true
    case "--last-month":
      try scanner.flag(option)
      composed = true
      showsLastMonth = true
    case "--page-size", "--pages", "--feed-size", "--fail-page", "--cache":
      let token = try scanner.value(for: option)
      var settings = feed ?? SampleFeed.Settings()
      try settings.set(name, to: token)
      feed = settings
    default:
      throw .unknownOption(option.name)
    }
  }

  /// A whole number above 0, or `nil`.
  static func positiveNumber(_ text: String) -> Int? {
    guard let number = Int(text), number > 0 else { return nil }
    return number
  }

  static let byteCountExpected =
    "a positive whole number of bytes, optionally followed by K, M or G (powers of 1024)"

  static var inputList: String { InputFormat.allCases.map(\.rawValue).joined(separator: ", ") }
  static var formatList: String { Format.allCases.map(\.rawValue).joined(separator: ", ") }
  static var styleList: String { styles.map(\.name).joined(separator: ", ") }

  static let usage = """
    USAGE: tablekit [<file> | --input <file>] [--format <format>] [options]
           tablekit browse [--nested | --input <file.json> | --url <url>] [--script]
           tablekit open <url> [--format <format>]   (see open --help, browse --help)
           tablekit export --out <folder> [--root <url>] [<file> --group-by <cols> |
                           --input <nested.json>]                   (see export --help)

    Renders a table read from a CSV, TSV, JSON or JSON Lines file, or from standard input,
    as aligned text, Markdown, CSV or HTML. With no input it renders the built-in sample
    ledger (invoices, refunds and notes).

    EXAMPLES:
      tablekit data.csv                                   aligned text in the terminal
      jq '.items' api.json | tablekit -f markdown         a JSON array from a pipe
      tablekit --from jsonl logs.jsonl --columns time,level,message
      tablekit sales.csv --sort -amount --group-by region --count -f html -o report.html
      tablekit big.csv -f csv | head                      streams: rows come out as read

    An option's value follows it (--format csv) or is joined to it with = (--format=csv);
    after --, every argument is the input file (tablekit -- -data.csv).

    INPUT:
      <file>, -i, --input <file>
                              The table to read; - is standard input. With no input,
                              standard input is read when it is a pipe or a file (an
                              empty one means the sample); a terminal means the sample.
          --from <format>     \(inputList). Without it: the extension (.csv; .tsv, .tab;
                              .json; .jsonl, .ndjson), else the first bytes: [ is JSON,
                              { is JSON Lines when the first line holds a whole value
                              (else a JSON table document), else TSV when the first line
                              has more tabs than commas, else CSV.
          --no-infer          CSV, TSV: keep every field as text.
          --lossy             CSV, TSV: show invalid UTF-8 as U+FFFD instead of failing.
          --max-field-bytes <n>, --max-record-bytes <n>
                              The most bytes one field and one record may take (default
                              128M and 256M; K, M, G are powers of 1024). A longer one is
                              an error naming the line, column and byte where it starts,
                              so no input (/dev/zero, a quote never closed) takes unbounded
                              memory. JSON: a string or number is a field, an object or
                              array row a record.
          --sample-rows <n>   Rows read first and kept (default 1000): they name the
                              columns of JSON objects, and, from a pipe, set the widths of
                              text columns (later wider values are cut with …, or wrapped
                              with --wrap). From a file, text reads the file twice instead:
                              once for the widths, once to draw. (--sample <n> is the
                              old spelling, still read.)

    SHAPES READ:
      CSV (RFC 4180: quoted fields, "" for a quote, CRLF or LF, line breaks in quotes, a
      byte order mark), TSV (tabs, no quoting). The first row is the header; every row
      needs one field per column.
      JSON: an array of objects ([{"name": "a", "n": 1}]: columns are the keys in the
      order first seen, a missing key is empty), an array of arrays ([["name", "n"],
      ["a", 1]]: the first is the header), or a table document: {"title": …, "columns":
      [...], "sections": [{"header": …, "footer": …, "rows": [[...]]}]} (or "rows" at the
      top level). JSON Lines: one object per line. Nested objects and arrays are shown as
      their JSON text.

    SHAPING:
          --columns <a,b,c>   Show these columns, in this order.
          --sort <col>        Sort rows by a column; --sort -<col> from the largest.
                              Numbers by value, then false, true, then text; empty last.
          --group-by <col>    One section per value of the column (in the order first
                              seen), titled with it; the column moves into the titles.
          --title <text>      A title above the table (text, Markdown, HTML).
          --footer <text>     Text below each section.
          --count             Each section's footer says how many rows it has.
      CSV, TSV, JSON arrays and JSON Lines stream: rows are written as they are read, in
      constant memory. --sort and --group-by need every row first, so they hold the table
      in memory; so does a JSON table document.

    OUTPUT:
      -f, --format <format>   \(formatList) (default: text)
      -o, --output <file>     Write to this file instead of standard output, safely:
                              the table goes to a hidden temporary beside it
                              (.<file>.tablekit-XXXXXX), which replaces the file in one
                              rename(2) only once every row was read and written and the
                              data is on the disk. A full disk, a bad row, or Ctrl-C,
                              SIGTERM or SIGHUP leaves the old file byte for byte as it
                              was, and no temporary (only SIGKILL or a crash can leave
                              one). Two runs at once leave one whole output. A link is
                              followed: the file it names is replaced. An output that is
                              the input (the same file, through a link, or as standard
                              input) is refused with status 64 before anything is read.
      -s, --style <style>     Text style: \(styleList) (default: plain)
      -w, --max-width <n>     Text: fit the table in n columns.
          --wrap              Text: wrap long values instead of truncating them.
          --decimal-align     Text: line numbers up on their decimal point.
          --fragment          HTML: write a bare <table> instead of a whole document.
          --no-formula-guard  CSV: keep text starting with = + - @ as it is (for data you
                              trust); by default such text is prefixed with ' for spreadsheets.
          --composed          The composed sample: large invoices (a filtered child) above a
                              segmented ledger showing this month.
          --last-month        The composed sample with the ledger showing last month.
          --sample ledger|feed
                              The built-in sample: the ledger (the default) or a paged feed
                              of posts loaded by a model, with its status rows (load more,
                              failure, empty).
          --page-size <n>     Feed: posts per page (default 20).
          --pages <n>         Feed: pages loaded before rendering (default 1).
          --feed-size <n>     Feed: posts in all (default 120; 0 shows the empty row).
          --fail-page <n>     Feed: page n (from 0) fails to load, showing the failure row.
          --cache <dir>       Feed: keep pages in <dir> for 60 s; a run within that shows the
                              saved rows, and says from when.
      -h, --help              Show this help.

    VALUES:
      Nothing is rewritten or rounded. In CSV and TSV an empty field is empty; true and
      false are booleans; a field written -?(0|[1-9][0-9]*)(.[0-9]+)? is a number, kept
      digit for digit (100.10 stays 100.10; up to 38 digits); anything else is text as
      written (007, +1, 1e5, 1,000, TRUE, -0). JSON strings are text, JSON numbers are
      numbers: a whole number that fits 64 bits stays an integer; any other number with
      at most 38 digits written out (at most 38 after the point) is written digit for
      digit as given: 100.10 stays 100.10 and 123456789012345678901234567890 stays whole.
      An exponent is written out: 1.5e3 becomes 1500, 2.50E-3 becomes 0.00250. Zero has no
      sign: -0.0 becomes 0.0. In a table document a number that needs more digits (1e400,
      1e-400) is an error that names it and its line and column; in a JSON array or JSON
      Lines it is shown as the text it was written as.

    ERRORS:
      Bad input names the file (or standard input), line and column (from 1; columns count
      characters) and says what is wrong, e.g. "data.csv:7:1: row 6 has 4 fields, but the
      header has 3" or "invalid UTF-8 at byte 17 (byte offsets count from 0)". A problem
      found after output began ends the output there, with the message (with -o, the
      file is left as it was).
      A bad argument is named with its place: "argument 3, `--max-width=0`: …".
      Exit status: 0 done; 64 bad arguments (also a column name the input does not have,
      or an output that is the input); 65 bad input; 74 output failed. Ended by SIGINT,
      SIGTERM or SIGHUP, it ends by that signal (a shell reports 128 + its number). Output into a closed pipe (| head) ends the program
      quietly the way it ends cat: by SIGPIPE, which a shell reports as status 141.

    """
}
