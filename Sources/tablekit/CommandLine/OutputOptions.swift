import TableKitArguments
package import TableRender

/// The options that say how a table is written, shared by `tablekit` and `tablekit open`:
/// format, style, HTML fragment, CSV formula guard and output file (and progress, which only
/// `tablekit` shows).
package struct OutputFormatting {
  /// The output formats the tool can write.
  package enum Format: String, CaseIterable, Sendable {
    case text
    case markdown
    case csv
    case html
    case latex
    case typst
    /// An Excel workbook: binary, so it needs `-o FILE` or a standard output that is not a
    /// terminal.
    case xlsx

    /// Whether a database's `NULL` is shown as a word, to set it apart from the empty text.
    ///
    /// So it is in the formats a person reads; CSV tells them apart by quoting (the empty text
    /// is `""`).
    package var showsNullAsWord: Bool {
      switch self {
      case .text, .markdown, .html, .latex, .typst: true
      case .csv, .xlsx: false
      }
    }
  }

  /// The text styles, by the names the command line uses.
  package static let styles: [(name: String, style: TextTableStyle)] = [
    ("plain", .plain), ("compact", .compact), ("grid", .grid), ("light", .light),
    ("rounded", .rounded), ("heavy", .heavy), ("double", .double),
  ]

  package var format: Format = .text
  package var style: TextTableStyle
  package var htmlFragment = false
  package var formulaGuard = true
  /// The file written instead of standard output (`-o`).
  package var outputPath: String?
  /// Whether progress is shown on standard error.
  package var progress = ProgressChoice.automatic

  /// Options with the text style `style` and every other default.
  ///
  /// - Parameter style: The text style when `--style` is not given.
  package init(style: TextTableStyle) {
    self.style = style
  }

  static var formatList: String { formatList(Format.allCases) }

  /// The names of `formats`, comma-separated.
  static func formatList(_ formats: [Format]) -> String {
    formats.map(\.rawValue).joined(separator: ", ")
  }
  static var styleList: String { styles.map(\.name).joined(separator: ", ") }

  /// The output options, with `defaultStyle` named as the style's default.
  ///
  /// - Parameters:
  ///   - defaultStyle: The name of the style when `--style` is not given.
  ///   - output: What `-o` writes, for its help.
  ///   - formats: The formats `-f` accepts (every one unless a command writes fewer).
  /// - Returns: The group.
  static func group(
    defaultStyle: String, output: String, formats: [Format] = Format.allCases
  ) -> OptionGroup<OutputFormatting> {
    let formatList = formatList(formats)
    return OptionGroup(
      "OUTPUT",
      [
        .value(
          "-f", "--format", placeholder: "<format>",
          help: "\(formatList) (default: text)", expected: "one of \(formatList)",
          { name in Format(rawValue: name).flatMap { formats.contains($0) ? $0 : nil } },
          to: \.format),
        .value(
          "-s", "--style", placeholder: "<style>",
          help: "Text style: \(styleList) (default: \(defaultStyle))",
          expected: "one of \(styleList)", { name in styles.first { $0.name == name }?.style },
          to: \.style),
        .flag(
          "--fragment",
          help: "HTML, LaTeX: write the table alone instead of a whole document.",
          sets: \.htmlFragment),
        .flag(
          "--no-formula-guard",
          help: """
            CSV: keep text starting with = + - @ as it is (for data you trust); by \
            default such text is prefixed with ' for spreadsheets.
            """,
          sets: \.formulaGuard, to: false),
        .path("-o", "--output", placeholder: "<file>", help: output) { options, token in
          options.outputPath = token.path
        },
      ])
  }
}
