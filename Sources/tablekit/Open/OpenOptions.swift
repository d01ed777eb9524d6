import TableRender

/// What `tablekit open` was asked for.
struct OpenOptions {
  var url: String?
  var format: Options.Format = .text
  var style: TextTableStyle = .rounded
  var htmlFragment = false
  var formulaGuard = true
  var showHelp = false

  /// Parses the arguments after `open`.
  static func parse(_ arguments: [String]) throws(Options.UsageError) -> OpenOptions {
    var options = OpenOptions()
    var remaining = arguments[...]
    func value(for option: String) throws(Options.UsageError) -> String {
      guard let value = remaining.popFirst() else {
        throw Options.UsageError(description: "\(option) needs a value; see tablekit open --help")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": options.showHelp = true
      case "-f", "--format":
        let name = try value(for: argument)
        guard let format = Options.Format(rawValue: name) else {
          throw Options.UsageError(
            description: "unknown format '\(name)'; use one of \(Options.formatList)")
        }
        options.format = format
      case "-s", "--style":
        let name = try value(for: argument)
        guard let style = Options.styles.first(where: { $0.name == name })?.style else {
          throw Options.UsageError(
            description: "unknown style '\(name)'; use one of \(Options.styleList)")
        }
        options.style = style
      case "--fragment": options.htmlFragment = true
      case "--no-formula-guard": options.formulaGuard = false
      case "--":
        guard let url = remaining.popFirst(), options.url == nil, remaining.isEmpty else {
          throw Options.UsageError(description: "open takes one URL; see tablekit open --help")
        }
        options.url = url
      default:
        guard !argument.hasPrefix("-") || argument == "-" else {
          throw Options.UsageError(
            description: "unknown argument '\(argument)' for open; see tablekit open --help")
        }
        guard options.url == nil else {
          throw Options.UsageError(description: "open takes one URL; see tablekit open --help")
        }
        options.url = argument
      }
    }
    if options.url == nil, !options.showHelp {
      throw Options.UsageError(description: "open needs a URL; see tablekit open --help")
    }
    return options
  }

  static let usage = """
    USAGE: tablekit open <url> [--format <format>] [--style <style>] [--fragment]

    Prints the navigation stack a URL opens in the sample car catalogue: every level
    from the root to the URL's own, each under its breadcrumbs and URL. The routes:
      cars://brands
      cars://brands/<brand>/models
      cars://brands/<brand>/models/<model>
    IDs are the catalogue's stable IDs (bmw, alfa-romeo, i4, 3-series); an ID that is
    not made of A-Z a-z 0-9 - _ is written ~ and its unpadded URL-safe Base64
    (citroën is ~Y2l0cm_Dq24).

    URLs are read strictly: the scheme's case and one trailing slash are ignored; each
    segment is percent-decoded once (%2F is data, not a separator); empty, . and ..
    segments, controls, a query, a fragment, user information and ports are refused.

    OPTIONS:
      -f, --format <format>   \(Options.formatList) (default: text)
      -s, --style <style>     Text style: \(Options.styleList) (default: rounded)
          --fragment          HTML: the levels' tables without the enclosing document.
          --no-formula-guard  CSV: keep text starting with = + - @ as it is.
      -h, --help              Show this help.

    Exit status: 0 printed; 64 bad arguments; 65 the URL cannot be read or holds an
    invalid ID; 66 no route matches; 69 an object it names does not exist; 70 a level
    could not be built; 74 output failed; 77 an object it names may not be shown.

    """
}
