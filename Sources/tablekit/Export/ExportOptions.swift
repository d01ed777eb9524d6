package import TableKitArguments

/// What `tablekit export` was asked for.
package struct ExportOptions {
  /// The hierarchies `export` can write.
  package enum Source: Equatable {
    /// The samples: the car catalogue and the ledger drill-down, under one index.
    case samples
    /// A nested JSON file: arrays and objects are levels, the rest rows.
    case nested(String)
    /// A flat file (CSV, TSV, JSON, JSON Lines) grouped into levels by columns.
    case grouped(path: String, columns: [String])
  }

  package var source = Source.samples
  package var outputDirectory: String?
  package var baseURL: String?
  package var keepsGoing = false
  package var replacesForeignFolder = false
  package var rowsPerPage = 100
  package var maximumDepth = 32
  package var maximumPages = 100_000
  package var siteTitle: String?
  package var showHelp = false

  /// Parses the arguments after `export`.
  ///
  /// - Parameter arguments: The command line after `tablekit export`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> ExportOptions {
    var options = ExportOptions()
    var scanner = ArgumentScanner(arguments, firstIndex: 2)
    var file: ArgumentToken?
    var nested: ArgumentToken?
    var groups: (token: ArgumentToken, names: [String])?
    while let argument = scanner.next() {
      guard case .option(let option) = argument else {
        if case .positional(let token) = argument {
          if let file {
            throw .unexpectedArgument(
              token, reason: "export takes one file, and \(file.place) is the file already")
          }
          file = token
        }
        continue
      }
      switch option.name.text {
      case "-h", "--help":
        try scanner.flag(option)
        options.showHelp = true
      case "-o", "--out":
        options.outputDirectory = try scanner.value(for: option).path
      case "--root":
        // Typed, so that a failed conversion is an error, not a `nil` assigned to the optional.
        let url: String = try scanner.value(
          for: option, expected: "the http or https URL the site is served from"
        ) { url in
          let lowered = url.lowercased()
          return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") ? url : nil
        }
        options.baseURL = url
      case "-i", "--input":
        nested = try scanner.value(for: option)
      case "--group-by":
        let token = try scanner.value(for: option)
        let names = token.text.split(separator: ",").map(String.init)
        guard !names.isEmpty else {
          throw .invalidValue(
            token, option: option.name.text, expected: "column names separated by commas")
        }
        groups = (token, names)
      case "--keep-going":
        try scanner.flag(option)
        options.keepsGoing = true
      case "--replace-foreign":
        try scanner.flag(option)
        options.replacesForeignFolder = true
      case "--rows-per-page":
        options.rowsPerPage = try scanner.value(
          for: option, expected: "a whole number above 0", Options.positiveNumber)
      case "--max-depth":
        options.maximumDepth = try scanner.value(
          for: option, expected: "a whole number above 0", Options.positiveNumber)
      case "--max-pages":
        options.maximumPages = try scanner.value(
          for: option, expected: "a whole number above 0", Options.positiveNumber)
      case "--title":
        options.siteTitle = try scanner.value(for: option).text
      default:
        throw .unknownOption(option.name)
      }
    }
    guard !options.showHelp else { return options }
    guard options.outputDirectory != nil else {
      throw .missingArgument("export needs --out <folder>")
    }
    switch (file, nested, groups) {
    case (nil, nil, nil): options.source = .samples
    case (nil, let path?, nil): options.source = .nested(path.path)
    case (let path?, nil, let groups?):
      options.source = .grouped(path: path.path, columns: groups.names)
    case (let path?, nil, nil):
      throw .unexpectedArgument(
        path, reason: "a flat file is exported grouped: add --group-by <columns>")
    case (nil, nil, let groups?):
      throw .unexpectedArgument(groups.token, reason: "--group-by needs a file to group")
    case (let path?, let nested?, _):
      throw .conflictingOptions(
        path.index > nested.index ? path : nested,
        earlier: path.index > nested.index ? nested : path,
        reason: "--input (nested JSON) and a grouped file cannot be exported together")
    case (nil, let nested?, let groups?):
      throw .conflictingOptions(
        groups.token, earlier: nested, reason: "--group-by groups a flat file, not --input")
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

    <folder> is replaced whole, so it must be absent, empty, or a site tablekit wrote
    (one holding its .written-by-tablekit file). Before reading the input, export refuses
    the current directory or any folder above it, the folder holding the input, and any
    other non-empty folder: export to a new folder, or add --replace-foreign to replace
    such a folder. A hidden .<folder>.tablekit-* left by an export that was killed is
    removed by the next export to <folder>.

    OPTIONS:
      -o, --out <folder>      Where the site goes (replaced whole).
          --replace-foreign   Replace <folder> even when it is not empty and tablekit did
                              not write it (never the current directory, a folder above
                              it or the input's folder).
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
    73 the folder may not be replaced; 74 the folder could not be written.

    """
}
