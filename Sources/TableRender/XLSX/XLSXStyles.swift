/// The cell styles a workbook uses, collected while its sheet is written and written after it
/// as `xl/styles.xml` (ZIP members may come in any order).
///
/// Three styles are fixed: 0 (general), 1 (the bold header row) and 2 (the marker of a value
/// written as text because a number cell would round it: italic on a light orange fill). Every
/// other combination of a number format, a font, a fill, a top border and centring (`0.00` in
/// a bold summary row with a rule above, a currency's format, a date's) gets a style the first
/// time it is asked for.
struct XLSXStyles {
  static let general = 0
  static let header = 1
  static let inexact = 2
  /// The number format of text (`@`), one of Excel's built-in formats.
  static let textFormat = "@"
  /// The first number-format id free for custom formats (ids below are Excel's built-ins).
  private static let firstFormatID = 164

  /// A font of the workbook, by its index in `<fonts>`.
  enum Font: Int, Hashable {
    case regular, bold, marker, title, italic
  }

  /// One cell style: what a `<xf>` in `<cellXfs>` combines.
  struct Style: Hashable {
    /// The number format code, or `nil` for General.
    var format: String?
    var font = Font.regular
    /// Whether the light orange fill of the inexact marker is on.
    var isMarked = false
    /// Whether a thin rule runs along the cell's top (summary rows).
    var hasTopRule = false
    /// Whether the text is centred (spanners, the title).
    var isCentred = false
  }

  /// The styles, in the order they were asked for (the first three fixed).
  private(set) var styles: [Style] = [
    Style(),
    Style(font: .bold),
    Style(format: Self.textFormat, font: .marker, isMarked: true),
  ]
  private var indexByStyle: [Style: Int] = [
    Style(): general, Style(font: .bold): header,
    Style(format: Self.textFormat, font: .marker, isMarked: true): inexact,
  ]
  /// The custom number formats, in the order they were first asked for.
  private(set) var formats: [String] = []
  private var formatIDs: [String: Int] = [:]

  /// The style with number format `code` and nothing else, added when new.
  mutating func style(forFormat code: String) -> Int {
    style(Style(format: code))
  }

  /// The index of `style`, added when new.
  mutating func style(_ style: Style) -> Int {
    // The plain style of most text cells, without hashing.
    if style == Style() { return Self.general }
    if let index = indexByStyle[style] { return index }
    let index = styles.count
    styles.append(style)
    indexByStyle[style] = index
    if let code = style.format, code != Self.textFormat, formatIDs[code] == nil {
      formatIDs[code] = Self.firstFormatID + formats.count
      formats.append(code)
    }
    return index
  }

  /// The style of `index` (0 when out of range).
  func style(at index: Int) -> Style {
    styles.indices.contains(index) ? styles[index] : Style()
  }

  /// The numFmtId a style's format code has.
  private func formatID(_ code: String?) -> Int {
    guard let code else { return 0 }
    if code == Self.textFormat { return 49 }
    return formatIDs[code] ?? 0
  }

  /// `xl/styles.xml`.
  func document() -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      """
    if !formats.isEmpty {
      xml += "<numFmts count=\"\(formats.count)\">"
      for (index, code) in formats.enumerated() {
        xml +=
          "<numFmt numFmtId=\"\(Self.firstFormatID + index)\" formatCode=\"\(Self.attribute(code))\"/>"
      }
      xml += "</numFmts>"
    }
    xml += """
      <fonts count="5"><font><sz val="11"/><name val="Calibri"/></font>\
      <font><b/><sz val="11"/><name val="Calibri"/></font>\
      <font><i/><sz val="11"/><color rgb="FF9C2A00"/><name val="Calibri"/></font>\
      <font><b/><sz val="14"/><name val="Calibri"/></font>\
      <font><i/><sz val="11"/><name val="Calibri"/></font></fonts>\
      <fills count="3"><fill><patternFill patternType="none"/></fill>\
      <fill><patternFill patternType="gray125"/></fill>\
      <fill><patternFill patternType="solid"><fgColor rgb="FFFFE0B2"/><bgColor indexed="64"/>\
      </patternFill></fill></fills>\
      <borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>\
      <border><left/><right/><top style="thin"><color auto="1"/></top><bottom/><diagonal/></border>\
      </borders>\
      <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
      """
    xml += "<cellXfs count=\"\(styles.count)\">"
    for style in styles { xml += xf(style) }
    xml += """
      </cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>\
      </cellStyles></styleSheet>
      """
    return xml
  }

  /// One `<xf>`, with the `apply…` flags of what differs from Normal.
  private func xf(_ style: Style) -> String {
    let format = formatID(style.format)
    var xml =
      "<xf numFmtId=\"\(format)\" fontId=\"\(style.font.rawValue)\" "
      + "fillId=\"\(style.isMarked ? 2 : 0)\" borderId=\"\(style.hasTopRule ? 1 : 0)\" xfId=\"0\""
    if format != 0 { xml += " applyNumberFormat=\"1\"" }
    if style.font != .regular { xml += " applyFont=\"1\"" }
    if style.isMarked { xml += " applyFill=\"1\"" }
    if style.hasTopRule { xml += " applyBorder=\"1\"" }
    guard style.isCentred else { return xml + "/>" }
    return xml + " applyAlignment=\"1\"><alignment horizontal=\"center\"/></xf>"
  }

  /// `text` escaped for a double-quoted XML attribute.
  static func attribute(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A fixed-point format with `digits` digits after the point (`0`, `0.0`, `0.00` and so on).
  static func fixed(_ digits: Int) -> String {
    digits <= 0 ? "0" : "0." + String(repeating: "0", count: digits)
  }

  /// A currency format: the symbol before the amount, grouped, `digits` after the point,
  /// negatives in parentheses (accounting), a space the width of `)` after positives so the
  /// digits line up.
  static func currency(_ code: String, digits: Int) -> String {
    let symbol = currencySymbols[code] ?? code + " "
    let number = "#,##" + fixed(digits)
    let quoted = "\"" + symbol + "\""
    return "\(quoted)\(number)_);(\(quoted)\(number))"
  }

  /// `code` with `suffix` shown after the number in every section.
  ///
  /// A footnote mark on a number cell: `0.00` and ` 1` give `0.00" 1"`. A `"` in the suffix is
  /// left out (a format's literal cannot hold it).
  static func format(_ code: String?, suffix: String) -> String {
    let literal = "\"" + suffix.filter { $0 != "\"" } + "\""
    var sections: [String] = []
    var current = ""
    var isQuoted = false
    for character in code ?? "General" {
      if character == "\"" { isQuoted.toggle() }
      if character == ";" && !isQuoted {
        sections.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    sections.append(current)
    return sections.map { $0 + literal }.joined(separator: ";")
  }

  /// Symbols for the currencies that have an unambiguous one; others show their code.
  static let currencySymbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
    "NGN": "₦", "VND": "₫", "UAH": "₴", "PHP": "₱", "TRY": "₺", "RUB": "₽",
  ]
}
