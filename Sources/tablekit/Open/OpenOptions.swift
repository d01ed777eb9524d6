package import TableKitArguments
package import TableRender

/// What `tablekit open` was asked for.
package struct OpenOptions {
  package var url: String?
  package var format: Options.Format = .text
  package var style: TextTableStyle = .rounded
  package var htmlFragment = false
  package var formulaGuard = true
  package var showHelp = false

  /// Parses the arguments after `open`.
  ///
  /// - Parameter arguments: The command line after `tablekit open`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> OpenOptions {
    var options = OpenOptions()
    var scanner = ArgumentScanner(arguments, firstIndex: 2)
    var url: ArgumentToken?
    while let argument = scanner.next() {
      switch argument {
      case .positional(let token):
        if let url {
          throw .unexpectedArgument(
            token, reason: "open takes one URL, and \(url.place) is the URL already")
        }
        url = token
        options.url = token.text
      case .option(let option):
        switch option.name.text {
        case "-h", "--help":
          try scanner.flag(option)
          options.showHelp = true
        case "-f", "--format":
          options.format = try scanner.value(
            for: option, expected: "one of \(Options.formatList)"
          ) { Options.Format(rawValue: $0) }
        case "-s", "--style":
          options.style = try scanner.value(
            for: option, expected: "one of \(Options.styleList)"
          ) { name in Options.styles.first { $0.name == name }?.style }
        case "--fragment":
          try scanner.flag(option)
          options.htmlFragment = true
        case "--no-formula-guard":
          try scanner.flag(option)
          options.formulaGuard = false
        default:
          throw .unknownOption(option.name)
        }
      }
    }
    if options.url == nil, !options.showHelp {
      throw .missingArgument("open needs a URL")
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

    A URL that starts with - goes after --: tablekit open -- <url>.

    Exit status: 0 printed; 64 bad arguments; 65 the URL cannot be read or holds an
    invalid ID; 66 no route matches; 69 an object it names does not exist; 70 a level
    could not be built; 74 output failed; 77 an object it names may not be shown.

    """
}
