/// The cell styles a workbook uses, collected while its sheet is written and written after it
/// as `xl/styles.xml` (ZIP members may come in any order).
///
/// Three styles are fixed: 0 (general), 1 (the bold header row) and 2 (the marker of a value
/// written as text because a number cell would round it: italic on a light orange fill). Each
/// number format a value asks for (`0.00`, `0.0%`, a currency's format, a date's) gets a style
/// the first time it is asked for.
struct XLSXStyles {
  static let general = 0
  static let header = 1
  static let inexact = 2
  private static let firstCustom = 3
  /// The first number-format id free for custom formats (ids below are Excel's built-ins).
  private static let firstFormatID = 164

  /// The custom formats, in the order they were asked for: style `firstCustom + index`.
  private(set) var formats: [String] = []
  private var indexByFormat: [String: Int] = [:]

  /// The style with number format `code`, added when new.
  mutating func style(forFormat code: String) -> Int {
    if let index = indexByFormat[code] { return index }
    let index = Self.firstCustom + formats.count
    formats.append(code)
    indexByFormat[code] = index
    return index
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
      <fonts count="3"><font><sz val="11"/><name val="Calibri"/></font>\
      <font><b/><sz val="11"/><name val="Calibri"/></font>\
      <font><i/><sz val="11"/><color rgb="FF9C2A00"/><name val="Calibri"/></font></fonts>\
      <fills count="3"><fill><patternFill patternType="none"/></fill>\
      <fill><patternFill patternType="gray125"/></fill>\
      <fill><patternFill patternType="solid"><fgColor rgb="FFFFE0B2"/><bgColor indexed="64"/>\
      </patternFill></fill></fills>\
      <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
      <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
      """
    xml += "<cellXfs count=\"\(Self.firstCustom + formats.count)\">"
    xml += "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
    xml +=
      "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>"
    xml +=
      "<xf numFmtId=\"49\" fontId=\"2\" fillId=\"2\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\" "
      + "applyFont=\"1\" applyFill=\"1\"/>"
    for index in formats.indices {
      xml +=
        "<xf numFmtId=\"\(Self.firstFormatID + index)\" fontId=\"0\" fillId=\"0\" borderId=\"0\" "
        + "xfId=\"0\" applyNumberFormat=\"1\"/>"
    }
    xml += """
      </cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>\
      </cellStyles></styleSheet>
      """
    return xml
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

  /// Symbols for the currencies that have an unambiguous one; others show their code.
  static let currencySymbols: [String: String] = [
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
    "NGN": "₦", "VND": "₫", "UAH": "₴", "PHP": "₱", "TRY": "₺", "RUB": "₽",
  ]
}
