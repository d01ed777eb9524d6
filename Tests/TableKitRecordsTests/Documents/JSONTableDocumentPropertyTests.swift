import TableKit
import TableKitRecords
import TableKitTestSupport
import Testing

/// Writes random tables as JSON in many legal ways (escapes, exponents, whitespace, keys the
/// reader skips) and remembers the cells each must read back as.
struct RandomJSONTableWriter {
  var generator: SeededGenerator

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &generator) < percent
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &generator)]
  }

  /// Whitespace JSON allows between tokens, sometimes none.
  private mutating func space() -> String {
    chance(60) ? "" : pick([" ", "\n", "\t", "\r\n", "  \n    "])
  }

  /// A random string and the JSON that writes it, with every kind of escape.
  mutating func string() -> (value: String, json: String) {
    let pool: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1B}",
      "\u{7F}", "é", "ß", "日", "😀", "🇩", "\u{202E}", "\u{2028}", "\u{FEFF}", "\u{10FFFF}",
    ]
    var value = ""
    var json = "\""
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      let scalar = pick(pool)
      value.unicodeScalars.append(scalar)
      json += escaped(scalar)
    }
    return (value, json + "\"")
  }

  /// One scalar as JSON writes it: raw where allowed (sometimes), else an escape.
  private mutating func escaped(_ scalar: Unicode.Scalar) -> String {
    let short: [Unicode.Scalar: String] = [
      "\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\r": #"\r"#, "\t": #"\t"#, "\u{8}": #"\b"#,
      "\u{C}": #"\f"#,
    ]
    let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
    if !mustEscape && chance(70) { return String(scalar) }
    if scalar == "/" && chance(50) { return #"\/"# }
    if let text = short[scalar], chance(60) { return text }
    let units = Array(String(scalar).utf16)
    return units.map { unit in
      let hex = String(unit, radix: 16, uppercase: chance(50))
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }.joined()
  }

  /// A random number, the JSON that writes it, and the cell it must read as.
  mutating func number() -> (value: CellValue, json: String) {
    if chance(30) {
      let value = pick([
        Int.min, Int.max, 0, -1, 1, Int.random(in: .min ... .max, using: &generator),
      ])
      return (.integer(value), String(value))
    }
    // Digits of a significand (no leading zeros), a scale, a sign.
    let length = Int.random(in: 1...ExactDecimal.maximumDigits, using: &generator)
    var digits = String(Int.random(in: 1...9, using: &generator))
    for _ in 1..<length { digits += String(Int.random(in: 0...9, using: &generator)) }
    if chance(5) { digits = "0" }
    let scale = Int.random(in: 0...ExactDecimal.maximumDigits, using: &generator)
    let isNegative = chance(40)
    let sign = isNegative ? "-" : ""
    let significand = UInt128(digits) ?? 0
    let exact = try? ExactDecimal(significand: significand, scale: scale, isNegative: isNegative)
    guard let exact else { return (.empty, "null") }
    if chance(50) {
      // Scientific: d.ddd e(exponent) with the same value and scale.
      let point = pick([1, digits.count])
      let mantissa =
        point == digits.count
        ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      let exponent = (digits.count - point) - scale
      let mark = pick(["e", "E"])
      let exponentText = exponent >= 0 && chance(50) ? "+\(exponent)" : "\(exponent)"
      return (.exactDecimal(exact), sign + mantissa + mark + exponentText)
    }
    // Plain notation.
    var plain = digits
    if scale > 0 {
      if plain.count <= scale {
        plain = String(repeating: "0", count: scale - plain.count + 1) + plain
      }
      plain.insert(".", at: plain.index(plain.endIndex, offsetBy: -scale))
    } else if let integer = Int(sign + digits) {
      return (.integer(integer), sign + digits)
    }
    return (.exactDecimal(exact), sign + plain)
  }

  /// A random cell and its JSON.
  mutating func cell() -> (value: CellValue, json: String) {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<4:
      let (text, json) = string()
      return (.text(text), json)
    case 4..<8: return number()
    case 8: return chance(50) ? (.boolean(true), "true") : (.boolean(false), "false")
    default: return (.empty, "null")
    }
  }

  /// Some JSON the reader must skip: nested arrays and objects of anything.
  mutating func junk(depth: Int = 0) -> String {
    switch depth < 3 ? Int.random(in: 0..<4, using: &generator) : 0 {
    case 0: return cell().json
    case 1:
      let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in junk(depth: depth + 1) }
      return "[" + items.joined(separator: "," + space()) + "]"
    default:
      let members = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        string().json + space() + ":" + space() + junk(depth: depth + 1)
      }
      return "{" + space() + members.joined(separator: "," + space()) + "}"
    }
  }

  /// A `"key": value` member, with space around its punctuation.
  private mutating func member(_ key: String, _ value: String) -> String {
    space() + "\"" + key + "\"" + space() + ":" + space() + value + space()
  }

  /// A random document and its JSON.
  mutating func document() -> (value: JSONTableDocument, json: String) {
    let columnCount = Int.random(in: 0...6, using: &generator)
    let columns = (0..<columnCount).map { _ in string() }
    func rows(_ writer: inout RandomJSONTableWriter) -> (value: [[CellValue]], json: String) {
      var values: [[CellValue]] = []
      var jsons: [String] = []
      for _ in 0..<Int.random(in: 0...5, using: &writer.generator) {
        let cells = (0..<columnCount).map { _ in writer.cell() }
        values.append(cells.map(\.value))
        jsons.append(
          writer.space() + "["
            + cells.map { writer.space() + $0.json + writer.space() }
            .joined(separator: ",") + "]" + writer.space())
      }
      return (values, "[" + jsons.joined(separator: ",") + "]")
    }
    var members: [String] = []
    let title = chance(70) ? string() : nil
    if let title { members.append(member("title", title.json)) }
    members.append(member("columns", "[" + columns.map(\.json).joined(separator: ", ") + "]"))
    var sections: [JSONTableDocument.Section] = []
    if chance(50) {
      let (values, json) = rows(&self)
      sections = [JSONTableDocument.Section(rows: values)]
      members.append(member("rows", json))
    } else {
      var jsons: [String] = []
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        let header = chance(60) ? string() : nil
        let footer = chance(30) ? string() : nil
        let (values, json) = rows(&self)
        var parts = [member("rows", json)]
        if let header { parts.append(member("header", header.json)) }
        if let footer {
          parts.append(member("footer", footer.json))
        } else if chance(30) {
          parts.append(member("footer", "null"))
        }
        if chance(30) { parts.append(member("extra", junk())) }
        parts.shuffle(using: &generator)
        sections.append(
          JSONTableDocument.Section(header: header?.value, footer: footer?.value, rows: values))
        jsons.append("{" + parts.joined(separator: ",") + "}")
      }
      members.append(member("sections", "[" + jsons.joined(separator: ",") + "]"))
    }
    if chance(40) { members.append(member("unknown", junk())) }
    members.shuffle(using: &generator)
    let document = JSONTableDocument(
      title: title?.value, columns: columns.map(\.value), sections: sections)
    return (document, space() + "{" + members.joined(separator: ",") + "}" + space())
  }
}

@Suite struct JSONTableDocumentPropertyTests {
  @Test(arguments: 0..<8)
  func randomDocumentsReadBackAsTheCellsTheyWereWrittenFrom(seed: UInt64) throws {
    var writer = RandomJSONTableWriter(generator: SeededGenerator(state: seed))
    for _ in 0..<100 {
      let (expected, json) = writer.document()
      do {
        let document = try JSONTableDocument(parsing: Array(json.utf8), path: "random.json")
        #expect(document == expected, "\(json)")
        var chunking = SeededGenerator(state: seed)
        let streamed = try readDocumentInChunks(
          Array(json.utf8), maximumChunk: 16, using: &chunking)
        #expect(streamed == expected, "in chunks: \(json)")
      } catch {
        Issue.record("\(error)\n\(json)")
      }
    }
  }
}
