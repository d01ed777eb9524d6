package import TableKitArguments

/// What `tablekit browse` was asked for.
package struct BrowseOptions: ParsableOptions {
  /// The hierarchies `browse` can walk.
  package enum Source: Equatable {
    /// The car catalogue: brands → models → detail.
    case cars
    /// The nested-list sample.
    case nested
    /// A nested JSON file: arrays are levels, objects titled levels, the rest leaves.
    case file(String)
  }

  package var source = Source.cars
  /// A catalogue URL to start at instead of the brands (`--url`).
  package var startURL: String?
  /// Line-by-line commands even on a terminal.
  package var scripted = false
  package var showHelp = false
  /// Whether loading a file shows its progress on standard error.
  package var progress = ProgressChoice.automatic

  /// The argument that chose the source, for a second one's message.
  var sourceToken: ArgumentToken?
  /// The `--url` argument, for a source given after it.
  var urlToken: ArgumentToken?

  /// Options with every default.
  package init() {}

  /// Parses the arguments after `browse`.
  ///
  /// - Parameter arguments: The command line after `tablekit browse`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place; `--url` with
  ///   `--nested` or `--input`, and two sources, conflict.
  package static func parse(_ arguments: [String]) throws(UsageError) -> BrowseOptions {
    try command.parse(arguments, firstIndex: 2)
  }

  /// Takes the source `source`, chosen by the argument `token`.
  private mutating func setSource(_ source: Source, from token: ArgumentToken) throws(UsageError) {
    if let sourceToken {
      throw .conflictingOptions(token, earlier: sourceToken, reason: "browse walks one source")
    }
    if let urlToken {
      throw .conflictingOptions(
        token, earlier: urlToken, reason: "--url opens the car catalogue, not --nested or --input")
    }
    sourceToken = token
    self.source = source
  }

  /// `tablekit browse`'s description: the option table its parser and its help are made from.
  package static var command: CommandDescription<BrowseOptions> {
    CommandDescription(
      name: "browse",
      usage: ["[--nested | --input <file.json> | --url <url>] [--script]"],
      abstract: "Walk a hierarchy of tables, on a terminal or by commands.",
      discussion: [
        .init(
          nil,
          [
            """
            Walks a hierarchy of tables: the car catalogue (brands, then the models of the \
            chosen brand, then a detail of brand and model), the nested list with \
            --nested, or a nested JSON file (arrays and objects are levels, other values \
            are rows). Arrays and objects may nest at most \(NestedJSON.maximumDepth) \
            levels deep in a file; deeper is an error (exit \
            \(ExitStatus.dataError.rawValue)) that names the place. --url starts the \
            catalogue at a URL (cars://brands/bmw/models, see tablekit help open) with \
            every level below it; the catalogue shows each level's URL. While a file \
            loads, a line on standard error shows the bytes read of its size and the \
            rows made (see --progress).
            """,
            """
            On a terminal, browse is interactive: ↑/↓ (or k/j) move the highlight, Enter (or \
            →) opens the row, Backspace (or ←, Esc) goes back, q quits; \
            PgUp/PgDn/Home/End scroll.
            """,
            """
            Otherwise (or with --script) it reads one command per line from standard input \
            and prints each level it reaches, with its breadcrumbs and numbered rows:
            """,
            """
              <number>  open the row with that number\n  b         go back one level\n\
              q         quit (so does the end of the input)
            """,
            """
            A command it does not understand is answered with what it accepts, and browse \
            goes on.
            """,
          ])
      ],
      groups: [
        OptionGroup(
          "OPTIONS",
          [
            CommandOption(["--nested"], kind: .flag, help: "Walk the nested-list sample.") {
              options, name, _ throws(UsageError) in try options.setSource(.nested, from: name)
            },
            CommandOption(
              ["-i", "--input"], kind: .path(placeholder: "<file.json>"),
              help: "Walk a nested JSON file."
            ) { options, name, value throws(UsageError) in
              guard let value else { throw .missingValue(name) }
              try options.setSource(.file(value.text), from: name)
            },
            CommandOption(
              ["--url"], kind: .value(placeholder: "<url>"),
              help: "Start the car catalogue at this URL, with every level above it."
            ) { options, name, value throws(UsageError) in
              guard let value else { throw .missingValue(name) }
              if let sourceToken = options.sourceToken {
                throw .conflictingOptions(
                  name, earlier: sourceToken,
                  reason: "--url opens the car catalogue, not --nested or --input")
              }
              options.urlToken = name
              options.startURL = value.text
            },
            .flag(
              "--script", help: "Read commands from standard input even on a terminal.",
              sets: \.scripted),
          ] + ProgressChoice.options.map { $0.lifted(\.progress) })
      ],
      examples: [
        .init("printf '2\\n1\\nb\\nq\\n' | tablekit browse", "Open rows 2 and 1, go back, quit.")
      ],
      exitStatuses: exitStatuses,
      positional: { _, token throws(UsageError) in
        throw .unexpectedArgument(
          token, reason: "browse takes no file here; use --input <file.json>")
      },
      run: BrowseCommand.run)
  }
  /// The statuses the command ends with, and what each means.
  private static var exitStatuses: [(status: ExitStatus, meaning: String)] {
    [
      (.success, "Quit."), (.usage, "Bad arguments."),
      (.dataError, "Bad input file or URL."), (.noInput, "The input file does not exist."),
      (.interrupted, "Interrupted."),
    ]
  }
}
