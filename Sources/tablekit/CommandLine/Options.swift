package import TableKitArguments
package import TableKitRecords
import TableKitReports
package import TableKitSamples
package import TableRender

/// What `tablekit` (the render command) was asked for.
package struct Options: ParsableOptions {
  /// The output formats the tool can write.
  package typealias Format = OutputFormatting.Format

  /// The built-in samples, by the names `--sample` takes.
  package enum Sample: String, CaseIterable {
    case ledger
    case feed
  }

  /// Format, style, fragment, formula guard, output file and progress.
  package var output = OutputFormatting(style: .plain)
  package var inputPath: String?
  /// The argument that named the input, for a second one's message.
  var inputToken: ArgumentToken?
  package var maximumWidth: Int?
  package var wraps = false
  package var alignsDecimalPoints = false
  package var showHelp = false
  package var composed = false
  package var showsLastMonth = false
  /// How the input is read and shaped (format, inference, columns, sort, groups, footer).
  package var input = TableInput()
  /// Summaries, totals, notes and spanners: a report over the table (see ``ReportOptions``).
  package var report = ReportOptions()
  /// The table, query and `NULL` text asked of a SQLite database input.
  package var database = DatabaseSelection()
  /// The paged sample feed's settings, when `--sample feed` (or a feed option) was given.
  package var feed: SampleFeed.Settings?

  /// Options with every default.
  package init() {}

  /// Parses `arguments` (without the program name).
  ///
  /// - Parameter arguments: The command line after `tablekit`.
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try command.parse(arguments, firstIndex: 1)
  }

  /// Takes the input `token`, from a positional argument or `--input`.
  mutating func setInput(_ token: ArgumentToken, positional: Bool) throws(UsageError) {
    if let inputToken {
      if positional {
        throw .unexpectedArgument(
          token, reason: "one input at a time: \(inputToken.place) is the input already")
      }
      throw .conflictingOptions(token, earlier: inputToken, reason: "one input at a time")
    }
    inputToken = token
    inputPath = token.path
  }

  /// Takes `--column <name>=<type>`: the column's fields are read by the type.
  mutating func declareColumnType(_ option: ArgumentToken, _ value: ArgumentToken?)
    throws(UsageError)
  {
    guard let value else { throw .missingValue(option) }
    let text = value.text
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw .invalidValue(
        value, option: option.text, expected: "<name>=<type>, such as amount=money:EUR")
    }
    do {
      let parser = try ValueParser(String(text[text.index(after: equals)...]))
      input.columnTypes.append((String(text[..<equals]), parser))
    } catch {
      throw .invalidValue(value, option: option.text, expected: error.expected)
    }
  }

  /// A whole number above 0, or `nil`.
  static func positiveNumber(_ text: String) -> Int? {
    guard let number = Int(text), number > 0 else { return nil }
    return number
  }

  static let byteCountExpected =
    "a positive whole number of bytes, optionally followed by K, M or G (powers of 1024)"

  static var inputList: String { InputFormat.allCases.map(\.rawValue).joined(separator: ", ") }
  static var formatList: String { OutputFormatting.formatList }
  static var styleList: String { OutputFormatting.styleList }
  package static var styles: [(name: String, style: TextTableStyle)] { OutputFormatting.styles }

  /// The help text.
  static var usage: String { command.help }
}
