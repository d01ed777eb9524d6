package import TableKitArguments

/// What `tablekit export` was asked for.
package struct ExportOptions: ParsableOptions {
  /// The hierarchies `export` can write.
  package enum Source: Equatable {
    /// The samples: the car catalogue and the ledger drill-down, under one index.
    case samples
    /// A nested JSON file: arrays and objects are levels, the rest rows.
    case nested(String)
    /// A flat file (CSV, TSV, JSON, JSON Lines) grouped into levels by columns.
    case grouped(path: String, columns: [String])
    /// A SQLite database, published whole (tables, rows, foreign keys, facets).
    case database(String)
  }

  package var source = Source.samples
  package var outputDirectory: String?
  package var baseURL: String?
  package var keepsGoing = false
  package var replacesForeignFolder = false
  /// Whether a database's site is written whole and swapped in one step (`--whole-folder`),
  /// not updated in place.
  package var replacesWholeFolder = false
  package var rowsPerPage = 100
  package var maximumDepth = 32
  package var maximumPages = 100_000
  package var siteTitle: String?
  package var showHelp = false
  /// Whether the levels exported so far are shown on standard error.
  package var progress = ProgressChoice.automatic

  /// The positional file, the `--input` file and the `--group-by` columns, for the checks made
  /// once every argument is read.
  var file: ArgumentToken?
  var nested: ArgumentToken?
  var groups: (token: ArgumentToken, names: [String])?

  /// Options with every default.
  package init() {}

  /// Parses the arguments after `export`.
  ///
  /// - Parameter arguments: The command line after `tablekit export`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> ExportOptions {
    try command.parse(arguments, firstIndex: 2)
  }

  /// Chooses the source from the file, `--input` and `--group-by`, or says why they conflict.
  mutating func chooseSource() throws(UsageError) {
    guard outputDirectory != nil else {
      throw .missingArgument("export needs --out <folder>")
    }
    switch (file, nested, groups) {
    case (nil, nil, nil): source = .samples
    case (nil, let path?, nil): source = .nested(path.path)
    case (let path?, nil, let groups?):
      source = .grouped(path: path.path, columns: groups.names)
    case (let path?, nil, nil) where DatabaseInput.isDatabase(path: path.path):
      source = .database(path.path)
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
  }

  /// `tablekit export`'s description: the option table its parser and its help are made from.
  package static var command: CommandDescription<ExportOptions> {
    let above0 = "a whole number above 0"
    var command = CommandDescription<ExportOptions>(
      name: "export",
      usage: [
        "--out <folder> [--root <url>] [options]",
        "--input <nested.json> --out <folder>",
        "<file> --group-by <col>[,<col>…] --out <folder>",
        "<data.db> --out <folder> [--rows-per-page <n>] [--title <text>] [--root <url>]",
      ],
      abstract: "Write a hierarchy of tables as a static site.",
      discussion: [
        .init(
          nil,
          [
            """
            Writes a hierarchy of tables as a static site: one page per level (index.html \
            for the first), breadcrumbs back to every level above, rows that lead deeper \
            as links, long levels split into pages, and a sitemap.xml. With no input it \
            exports the samples: the car catalogue (brands → models → detail) and the \
            ledger (ledger → invoice → lines). --input exports a nested JSON file (arrays \
            and objects are levels); a flat file (CSV, TSV, JSON, JSON Lines) is grouped: \
            an index of the first column's values, a page per value listing the next \
            column's values, …, and a page of the rows of each group.
            """,
            """
            A SQLite database (.db, .sqlite, .sqlite3, .db3, or a file with SQLite's header) \
            is published whole: an index of its tables and views with row counts, list pages \
            of --rows-per-page rows in key order (keyset pagination), a page per row whose \
            foreign keys link to the rows they reference and which counts the rows of other \
            tables that reference it, facet pages for columns of 2 to 30 distinct values, \
            and a .csv and a .json twin of every page. Each page's address is a db:// route \
            that `tablekit open <data.db> <url>` prints as text.
            """,
            """
            The site is written to a temporary folder beside <folder> and put in its place \
            only when it is complete and every link in it leads to a page of it; a failed \
            export leaves <folder> as it was. The same input gives the same bytes on every \
            run.
            """,
            """
            <folder> is replaced whole, so it must be absent, empty, or a site tablekit wrote \
            (one holding its .written-by-tablekit file). Before reading the input, export \
            refuses the current directory or any folder above it, the folder holding the \
            input, and any other non-empty folder: export to a new folder, or add \
            --replace-foreign to replace such a folder. A hidden .<folder>.tablekit-* left by \
            an export that was killed is removed by the next export to <folder>.
            """,
          ])
      ],
      groups: [
        OptionGroup(
          "OPTIONS",
          [
            .path(
              "-o", "--out", placeholder: "<folder>", help: "Where the site goes (replaced whole)."
            ) {
              options, token throws(UsageError) in options.outputDirectory = token.path
            },
            .optionalValue(
              "--root", placeholder: "<url>",
              help: """
                The http(s) URL the site will be served from: the sitemap's addresses and \
                each page's canonical link start with it.
                """,
              expected: "the http or https URL the site is served from",
              { url -> String? in
                let lowered = url.lowercased()
                return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") ? url : nil
              }, to: \.baseURL),
            .path("-i", "--input", placeholder: "<file>", help: "A nested JSON file to export.") {
              options, token throws(UsageError) in options.nested = token
            },
            CommandOption(
              ["--group-by"], kind: .value(placeholder: "<cols>"),
              help: "Group a flat file by these columns, in this order."
            ) { options, name, value throws(UsageError) in
              let names = try CommandOption<ExportOptions>.converted(
                value, option: name, expected: "column names separated by commas"
              ) { text -> [String]? in
                let names = text.split(separator: ",").map(String.init)
                return names.isEmpty ? nil : names
              }
              if let value { options.groups = (value, names) }
            },
            .text(
              "--title", placeholder: "<text>", help: "The site's name, after each page's title.",
              to: \.siteTitle),
            .value(
              "--rows-per-page", placeholder: "<n>",
              help: "Rows on a page before the level continues (default 100).",
              expected: above0, Options.positiveNumber, to: \.rowsPerPage),
            .value(
              "--max-depth", placeholder: "<n>",
              help: "Levels below the index the export may go (default 32).",
              expected: above0, Options.positiveNumber, to: \.maximumDepth),
            .value(
              "--max-pages", placeholder: "<n>",
              help: "Pages the export may write (default 100000).",
              expected: above0, Options.positiveNumber, to: \.maximumPages),
            .flag(
              "--keep-going", help: "A level that failed to load is reported, not fatal.",
              sets: \.keepsGoing),
            .flag(
              "--replace-foreign",
              help: """
                Replace <folder> even when it is not empty and tablekit did not write it \
                (never the current directory, a folder above it or the input's folder).
                """,
              sets: \.replacesForeignFolder),
            .flag(
              "--whole-folder",
              help: """
                Over a database's site an earlier export wrote, make every page again in a \
                new folder and swap it in one step (never a mix of old and new pages) instead \
                of updating in place only the pages whose rows changed. Other sites are \
                always written whole.
                """,
              sets: \.replacesWholeFolder),
          ] + ProgressChoice.options.map { $0.lifted(\.progress) })
      ],
      examples: [
        .init("tablekit export --out site --root https://example.com/samples/"),
        .init("tablekit export sales.csv --group-by region,customer --out site"),
      ],
      exitStatuses: exitStatuses,
      positional: CommandDescription.single("file", at: \.file, command: "export"),
      run: ExportCommand.run)
    command.validate = { options throws(UsageError) in try options.chooseSource() }
    return command
  }
  /// The statuses the command ends with, and what each means.
  private static var exitStatuses: [(status: ExitStatus, meaning: String)] {
    [
      (.success, "Written."),
      (
        .failure,
        """
        Not written (a name collision, a dangling link, a limit, or a level that failed to \
        load without --keep-going).
        """
      ),
      (.usage, "Bad arguments."), (.dataError, "Bad input."),
      (.noInput, "The input file does not exist."),
      (.cannotCreate, "The folder may not be replaced (see above)."),
      (.ioError, "The folder could not be written."),
    ]
  }
}
