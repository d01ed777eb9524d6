package import TableKitArguments

/// What `tablekit browse` was asked for.
package struct BrowseOptions {
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

  /// Parses the arguments after `browse`.
  ///
  /// - Parameter arguments: The command line after `tablekit browse`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place; `--url` with
  ///   `--nested` or `--input`, and two sources, conflict.
  package static func parse(_ arguments: [String]) throws(UsageError) -> BrowseOptions {
    var options = BrowseOptions()
    var scanner = ArgumentScanner(arguments, firstIndex: 2)
    var sourceToken: ArgumentToken?
    var urlToken: ArgumentToken?
    func setSource(_ source: Source, from token: ArgumentToken) throws(UsageError) {
      if let sourceToken {
        throw .conflictingOptions(token, earlier: sourceToken, reason: "browse walks one source")
      }
      if let urlToken {
        throw .conflictingOptions(
          token, earlier: urlToken, reason: "--url opens the car catalogue, not --nested or --input"
        )
      }
      sourceToken = token
      options.source = source
    }
    while let argument = scanner.next() {
      guard case .option(let option) = argument else {
        if case .positional(let token) = argument {
          throw .unexpectedArgument(
            token, reason: "browse takes no file here; use --input <file.json>")
        }
        continue
      }
      switch option.name.text {
      case "-h", "--help":
        try scanner.flag(option)
        options.showHelp = true
      case "--nested":
        try scanner.flag(option)
        try setSource(.nested, from: option.name)
      case "--script":
        try scanner.flag(option)
        options.scripted = true
      case "--url":
        let token = try scanner.value(for: option)
        if let sourceToken {
          throw .conflictingOptions(
            option.name, earlier: sourceToken,
            reason: "--url opens the car catalogue, not --nested or --input")
        }
        urlToken = option.name
        options.startURL = token.text
      case "-i", "--input":
        let token = try scanner.value(for: option)
        try setSource(.file(token.text), from: option.name)
      default:
        throw .unknownOption(option.name)
      }
    }
    return options
  }

  static let usage = """
    USAGE: tablekit browse [--nested | --input <file.json> | --url <url>] [--script]

    Walks a hierarchy of tables: the car catalogue (brands, then the models of the
    chosen brand, then a detail of brand and model), the nested list with --nested, or
    a nested JSON file (arrays and objects are levels, other values are rows).
    Arrays and objects may nest at most \(NestedJSON.maximumDepth) levels deep in a
    file; deeper is an error (exit 65) that names the place.
    --url starts the catalogue at a URL (cars://brands/bmw/models, see tablekit open
    --help) with every level below it; the catalogue shows each level's URL.

    On a terminal, browse is interactive: ↑/↓ (or k/j) move the highlight, Enter (or →)
    opens the row, Backspace (or ←, Esc) goes back, q quits; PgUp/PgDn/Home/End scroll.

    Otherwise (or with --script) it reads one command per line from standard input
    and prints each level it reaches, with its breadcrumbs and numbered rows:
      <number>  open the row with that number
      b         go back one level
      q         quit (so does the end of the input)
    A command it does not understand is answered with what it accepts, and browse
    goes on. Example: printf '2\\n1\\nb\\nq\\n' | tablekit browse

    Exit status: 0 when quit, 64 bad arguments, 65 bad input file or URL, 130
    interrupted.

    """
}
