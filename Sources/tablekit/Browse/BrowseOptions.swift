/// What `tablekit browse` was asked for.
struct BrowseOptions {
  /// The hierarchies `browse` can walk.
  enum Source: Equatable {
    /// The car catalogue: brands → models → detail.
    case cars
    /// The nested-list sample.
    case nested
    /// A nested JSON file: arrays are levels, objects titled levels, the rest leaves.
    case file(String)
  }

  var source = Source.cars
  /// A catalogue URL to start at instead of the brands (`--url`).
  var startURL: String?
  /// Line-by-line commands even on a terminal.
  var scripted = false
  var showHelp = false

  /// Parses the arguments after `browse`.
  static func parse(_ arguments: [String]) throws(Options.UsageError) -> BrowseOptions {
    var options = BrowseOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": options.showHelp = true
      case "--nested": options.source = .nested
      case "--script": options.scripted = true
      case "--url":
        guard let url = remaining.popFirst() else {
          throw Options.UsageError(
            description: "\(argument) needs a value; see tablekit browse --help")
        }
        options.startURL = url
      case "-i", "--input":
        guard let path = remaining.popFirst() else {
          throw Options.UsageError(
            description: "\(argument) needs a value; see tablekit browse --help")
        }
        options.source = .file(path)
      default:
        throw Options.UsageError(
          description: "unknown argument '\(argument)' for browse; see tablekit browse --help")
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
