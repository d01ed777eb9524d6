package import TableKitArguments
import TableRender

/// What `tablekit open` was asked for.
package struct OpenOptions: ParsableOptions {
  /// The URL to open.
  package var url: String? { urlToken?.text }
  /// The argument that gave the URL, with its place.
  var urlToken: ArgumentToken?
  /// The database file, when the URL is a route of its site (`tablekit open data.db <url>`).
  package var databasePath: String? { databaseToken?.path }
  var databaseToken: ArgumentToken?
  /// Format, style, fragment, formula guard, output file (shared with `tablekit`).
  package var output = OutputFormatting(style: .rounded)
  package var showHelp = false
  /// Rows on a list page of a database's site: the `--rows-per-page` it was exported with.
  package var rowsPerPage = 100

  /// Options with every default.
  package init() {}

  /// Parses the arguments after `open`.
  ///
  /// - Parameter arguments: The command line after `tablekit open`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> OpenOptions {
    try command.parse(arguments, firstIndex: 2)
  }

  /// `tablekit open`'s description: the option table its parser and its help are made from.
  package static var command: CommandDescription<OpenOptions> {
    var command = CommandDescription<OpenOptions>(
      name: "open",
      usage: [
        "<url> [--format <format>] [--style <style>] [--fragment] [-o <file>]",
        "<data.db> <url> [--format <format>] [--style <style>] [-o <file>]",
      ],
      abstract: "Print the stack of tables a URL opens in the car catalogue or a database's site.",
      discussion: [
        .init(
          nil,
          [
            """
            Prints the navigation stack a URL opens in the sample car catalogue: every level \
            from the root to the URL's own, each under its breadcrumbs and URL. The \
            routes:
            """,
            """
              cars://brands\n  cars://brands/<brand>/models\n\
              cars://brands/<brand>/models/<model>
            """,
            """
            IDs are the catalogue's stable IDs (bmw, alfa-romeo, i4, 3-series); an ID that \
            is not made of A-Z a-z 0-9 - _ is written ~ and its unpadded URL-safe Base64 \
            (citroën is ~Y2l0cm_Dq24).
            """,
            """
            URLs are read strictly: the scheme's case and one trailing slash are ignored; \
            each segment is percent-decoded once (%2F is data, not a separator); empty, . \
            and .. segments, controls, a query, a fragment, user information and ports \
            are refused. A URL that starts with - goes after --: tablekit open -- <url>.
            """,
            """
            With a SQLite database first, the URL is a route of the site tablekit export \
            <data.db> --out <folder> writes, and the levels printed are its pages: \
            db://tables (the index), db://tables/<table>/pages/<n>, \
            db://tables/<table>/rows/<key>, db://tables/<table>/facets/<column> and \
            db://tables/<table>/where/<filter>/pages/<n>. Names that are not A-Z a-z 0-9 - _ \
            are IDs as above; a key of one integer is its digits.
            """,
          ])
      ],
      groups: [
        OutputFormatting.group(
          defaultStyle: "rounded",
          output: """
            Write to this file instead of standard output, replacing it whole or not \
            at all (see tablekit --help).
            """,
          // A workbook holds one table; an opened stack is several.
          formats: OutputFormatting.Format.allCases.filter { $0 != .xlsx }
        ).lifted(\OpenOptions.output),
        OptionGroup(
          "DATABASE",
          [
            .value(
              "--rows-per-page", placeholder: "<n>",
              help: "Rows on a list page, as the site was exported with (default 100).",
              expected: "a whole number above 0", Options.positiveNumber, to: \.rowsPerPage)
          ]),
      ],
      examples: [
        .init("tablekit open cars://brands/bmw/models -f markdown"),
        .init("tablekit open shop.db db://tables/orders/rows/7"),
      ],
      exitStatuses: exitStatuses,
      positional: { (options: inout OpenOptions, token: ArgumentToken) throws(UsageError) in
        guard let earlier = options.urlToken else {
          options.urlToken = token
          return
        }
        // Two arguments: a database and a route of its site.
        guard options.databaseToken == nil else {
          throw .unexpectedArgument(
            token, reason: "open takes a URL, or a database and a URL, and has both already")
        }
        options.databaseToken = earlier
        options.urlToken = token
      },
      run: OpenCommand.run)
    command.validate = { options throws(UsageError) in
      if options.url == nil { throw .missingArgument("open needs a URL") }
    }
    return command
  }
  /// The statuses the command ends with, and what each means.
  private static var exitStatuses: [(status: ExitStatus, meaning: String)] {
    [
      (.success, "Printed."), (.usage, "Bad arguments."),
      (.dataError, "The URL cannot be read or holds an invalid ID."),
      (.noInput, "No route matches."), (.unavailable, "An object it names does not exist."),
      (.software, "A level could not be built."), (.ioError, "Output failed."),
      (.noPermission, "An object it names may not be shown."),
    ]
  }
}
