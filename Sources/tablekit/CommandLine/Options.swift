/// What the command line asked for.
struct Options: Equatable {
  /// The output formats the tool can write.
  enum Format: String, CaseIterable {
    case text
    case html
  }

  var format: Format = .text
  var showHelp = false

  /// A command-line argument the tool does not understand.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        options.showHelp = true
      case "-f", "--format":
        guard let value = remaining.popFirst() else {
          throw UsageError(description: "\(argument) needs a value: \(formatList)")
        }
        guard let format = Format(rawValue: value) else {
          throw UsageError(description: "unknown format '\(value)'; use one of \(formatList)")
        }
        options.format = format
      default:
        throw UsageError(description: "unknown argument '\(argument)'; see tablekit --help")
      }
    }
    return options
  }

  static var formatList: String {
    Format.allCases.map(\.rawValue).joined(separator: ", ")
  }

  static let usage = """
    USAGE: tablekit [--format <format>]

    Renders the built-in sample ledger, a table of invoices, refunds and notes.

    OPTIONS:
      -f, --format <format>   \(formatList) (default: text)
      -h, --help              Show this help.

    """
}
