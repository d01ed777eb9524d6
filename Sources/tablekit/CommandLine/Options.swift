import TableRender

/// What the command line asked for.
struct Options {
  /// The output formats the tool can write.
  enum Format: String, CaseIterable {
    case text
    case markdown
    case csv
    case html
  }

  /// The text styles, by the names the command line uses.
  static let styles: [(name: String, style: TextTableStyle)] = [
    ("plain", .plain), ("compact", .compact), ("grid", .grid), ("light", .light),
    ("rounded", .rounded), ("heavy", .heavy), ("double", .double),
  ]

  var format: Format = .text
  var style: TextTableStyle = .plain
  var inputPath: String?
  var outputPath: String?
  var maximumWidth: Int?
  var wraps = false
  var alignsDecimalPoints = false
  var htmlFragment = false
  var formulaGuard = true
  var showHelp = false
  var composed = false
  var showsLastMonth = false
  var feed: SampleFeed.Settings?

  /// A command-line argument the tool does not understand.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for option: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else {
        throw UsageError(description: "\(option) needs a value; see tablekit --help")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        options.showHelp = true
      case "-f", "--format":
        let name = try value(for: argument)
        guard let format = Format(rawValue: name) else {
          throw UsageError(description: "unknown format '\(name)'; use one of \(formatList)")
        }
        options.format = format
      case "-s", "--style":
        let name = try value(for: argument)
        guard let style = styles.first(where: { $0.name == name })?.style else {
          throw UsageError(description: "unknown style '\(name)'; use one of \(styleList)")
        }
        options.style = style
      case "-i", "--input":
        options.inputPath = try value(for: argument)
      case "-o", "--output":
        options.outputPath = try value(for: argument)
      case "-w", "--max-width":
        let text = try value(for: argument)
        guard let width = Int(text), width > 0 else {
          throw UsageError(description: "--max-width needs a positive whole number, not '\(text)'")
        }
        options.maximumWidth = width
      case "--wrap":
        options.wraps = true
      case "--decimal-align":
        options.alignsDecimalPoints = true
      case "--fragment":
        options.htmlFragment = true
      case "--no-formula-guard":
        options.formulaGuard = false
      case "--composed":
        options.composed = true
      case "--last-month":
        options.composed = true
        options.showsLastMonth = true
      case "--sample":
        let name = try value(for: argument)
        guard name == "feed" || name == "ledger" else {
          throw UsageError(description: "unknown sample '\(name)'; use ledger or feed")
        }
        if name == "feed" { options.feed = options.feed ?? SampleFeed.Settings() }
      case "--page-size", "--pages", "--feed-size", "--fail-page":
        let text = try value(for: argument)
        var settings = options.feed ?? SampleFeed.Settings()
        try settings.set(argument, to: text)
        options.feed = settings
      default:
        throw UsageError(description: "unknown argument '\(argument)'; see tablekit --help")
      }
    }
    return options
  }

  static var formatList: String { Format.allCases.map(\.rawValue).joined(separator: ", ") }
  static var styleList: String { styles.map(\.name).joined(separator: ", ") }

  static let usage = """
    USAGE: tablekit [--input <file.json>] [--format <format>] [options]

    Renders a table: the built-in sample ledger (invoices, refunds and notes), or the JSON
    table given with --input.

    OPTIONS:
      -i, --input <file>      A JSON table: {"title": …, "columns": [...],
                              "sections": [{"header": …, "footer": …, "rows": [[...]]}]}
                              (or "rows" at the top level for one section)
      -f, --format <format>   \(formatList) (default: text)
      -o, --output <file>     Write to this file instead of standard output.
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
          --sample <name>     ledger (the default) or feed: a paged feed of posts loaded by
                              a model, with its status rows (load more, failure, empty).
          --page-size <n>     Feed: posts per page (default 20).
          --pages <n>         Feed: pages loaded before rendering (default 1).
          --feed-size <n>     Feed: posts in all (default 120; 0 shows the empty row).
          --fail-page <n>     Feed: page n (from 0) fails to load, showing the failure row.
      -h, --help              Show this help.

    NUMBERS IN --input:
      Numbers are kept exactly, never rounded through a floating-point type. A whole
      number that fits 64 bits stays an integer; any other number with at most 38
      digits written out (at most 38 after the point) is written digit for digit as
      given: 100.10 stays 100.10 and 123456789012345678901234567890 stays whole. An
      exponent is written out: 1.5e3 becomes 1500, 2.50E-3 becomes 0.00250. Zero has no
      sign: -0.0 becomes 0.0. A number that needs more digits (1e400, 1e-400) is an
      error that names it and its line and column.

    ERRORS:
      Bad input names the file, line and column (from 1; columns count characters) and
      says what is wrong, e.g. "invalid UTF-8 at byte 17 (byte offsets count from 0)".
      Exit status: 64 bad arguments, 65 bad input, 74 output failed.

    """
}
