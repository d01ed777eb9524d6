/// What `tablekit export` was asked for.
struct ExportOptions {
  /// The hierarchies `export` can write.
  enum Source: Equatable {
    /// The samples: the car catalogue and the ledger drill-down, under one index.
    case samples
    /// A nested JSON file: arrays and objects are levels, the rest rows.
    case nested(String)
    /// A flat file (CSV, TSV, JSON, JSON Lines) grouped into levels by columns.
    case grouped(path: String, columns: [String])
  }

  var source = Source.samples
  var outputDirectory: String?
  var baseURL: String?
  var keepsGoing = false
  var rowsPerPage = 100
  var maximumDepth = 32
  var maximumPages = 100_000
  var siteTitle: String?
  var showHelp = false

  /// Parses the arguments after `export`.
  static func parse(_ arguments: [String]) throws(Options.UsageError) -> ExportOptions {
    var options = ExportOptions()
    var remaining = arguments[...]
    var file: String?
    var nested: String?
    var groups: [String]?
    func value(for option: String) throws(Options.UsageError) -> String {
      guard let value = remaining.popFirst() else {
        throw Options.UsageError(
          description: "\(option) needs a value; see tablekit export --help")
      }
      return value
    }
    func count(for option: String) throws(Options.UsageError) -> Int {
      let text = try value(for: option)
      guard let number = Int(text), number > 0 else {
        throw Options.UsageError(
          description: "\(option) needs a whole number above 0, not '\(text)'")
      }
      return number
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": options.showHelp = true
      case "-o", "--out": options.outputDirectory = try value(for: argument)
      case "--root":
        let url = try value(for: argument)
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
          throw Options.UsageError(
            description: "--root needs the http or https URL the site is served from, not '\(url)'")
        }
        options.baseURL = url
      case "-i", "--input": nested = try value(for: argument)
      case "--group-by":
        let names = try value(for: argument).split(separator: ",").map(String.init)
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
          throw Options.UsageError(
            description: "--group-by needs column names separated by commas")
        }
        groups = names
      case "--keep-going": options.keepsGoing = true
      case "--rows-per-page": options.rowsPerPage = try count(for: argument)
      case "--max-depth": options.maximumDepth = try count(for: argument)
      case "--max-pages": options.maximumPages = try count(for: argument)
      case "--title": options.siteTitle = try value(for: argument)
      default:
        guard !argument.hasPrefix("-"), file == nil else {
          throw Options.UsageError(
            description: "unknown argument '\(argument)' for export; see tablekit export --help")
        }
        file = argument
      }
    }
    guard !options.showHelp else { return options }
    guard options.outputDirectory != nil else {
      throw Options.UsageError(
        description: "export needs --out <folder>; see tablekit export --help")
    }
    switch (file, nested, groups) {
    case (nil, nil, nil): options.source = .samples
    case (nil, let path?, nil): options.source = .nested(path)
    case (let path?, nil, let columns?): options.source = .grouped(path: path, columns: columns)
    case (_?, nil, nil):
      throw Options.UsageError(
        description: "a flat file is exported grouped: add --group-by <columns>")
    case (nil, nil, _?):
      throw Options.UsageError(description: "--group-by needs a file to group")
    default:
      throw Options.UsageError(
        description: "--input (nested JSON) and a grouped file cannot be exported together")
    }
    return options
  }

  static let usage = """
    USAGE: tablekit export --out <folder> [--root <url>] [options]
           tablekit export --input <nested.json> --out <folder>
           tablekit export <file> --group-by <col>[,<col>…] --out <folder>

    Writes a hierarchy of tables as a static site: one page per level (index.html for the
    first), breadcrumbs back to every level above, rows that lead deeper as links, long
    levels split into pages, and a sitemap.xml. With no input it exports the samples: the
    car catalogue (brands → models → detail) and the ledger (ledger → invoice → lines).
    --input exports a nested JSON file (arrays and objects are levels); a flat file (CSV,
    TSV, JSON, JSON Lines) is grouped: an index of the first column's values, a page per
    value listing the next column's values, …, and a page of the rows of each group.

    The site is written to a temporary folder beside <folder> and put in its place only
    when it is complete and every link in it leads to a page of it; a failed export
    leaves <folder> as it was. The same input gives the same bytes on every run.

    OPTIONS:
      -o, --out <folder>      Where the site goes (replaced whole).
          --root <url>        The http(s) URL the site will be served from: the sitemap's
                              addresses and each page's canonical link start with it.
      -i, --input <file>      A nested JSON file to export.
          --group-by <cols>   Group a flat file by these columns, in this order.
          --title <text>      The site's name, after each page's title.
          --rows-per-page <n> Rows on a page before the level continues (default 100).
          --max-depth <n>     Levels below the index the export may go (default 32).
          --max-pages <n>     Pages the export may write (default 100000).
          --keep-going        A level that failed to load is reported, not fatal.
      -h, --help              Show this help.

    EXAMPLES:
      tablekit export --out site --root https://example.com/samples/
      tablekit export sales.csv --group-by region,customer --out site

    Exit status: 0 written; 1 not written (a name collision, a dangling link, a limit, or
    a level that failed to load without --keep-going); 64 bad arguments; 65 bad input;
    74 the folder could not be written.

    """
}
