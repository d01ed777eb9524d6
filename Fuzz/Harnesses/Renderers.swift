// Fuzzes the four renderers over small tables made from the input, and checks what each
// output promises:
//
// - CSV re-parses (with an RFC 4180 parser written here) to exactly the expected records.
// - Markdown: every table line has one cell per column, and each cell reads back to its value.
// - HTML: tags balance, every `&` starts a reference, no forbidden or raw markup character in
//   text, the text of every cell reads back to its value, and a link is made only when the
//   policy allows its URL (see `referenceHref(_:)`).
// - Text: no control character reaches the terminal, and every line of a boxed table without a
//   title is equally wide when nothing wraps. (Trailing spaces are not checked: a value's own
//   trailing space is data.)
//
// Every render goes through an output buffer of a size chosen by the input, so chunk boundaries
// fall everywhere; each chunk must be valid UTF-8 on its own.

import TableKit

@testable import TableRender

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRenderers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let format = input.choice(4)
  let chunkSize = 256 + input.choice(256)
  let fuzzTable = FuzzTable(&input)
  switch format {
  case 0: checkCSV(fuzzTable, &input, chunkSize: chunkSize)
  case 1: checkMarkdown(fuzzTable, &input, chunkSize: chunkSize)
  case 2: checkHTML(fuzzTable, &input, chunkSize: chunkSize)
  default: checkText(fuzzTable, &input, chunkSize: chunkSize)
  }
  return 0
}

// MARK: - The table

/// A row whose HTML shows a link in its first column (made from the input like the others).
private struct LinkRow: TableRepresentable, HTMLRepresentable {
  var cell: Cell
  var linkText: String
  var href: String

  var tableCell: Cell { cell }
  var htmlValues: [HTMLValue] { [.link(linkText, href: href)] + cell.values.map(HTMLValue.value) }
}

/// A small table of sections and rows, and the values each row should show.
private struct FuzzTable {
  var columns: [ColumnDefinition]
  var sections: [TableSection<Any>]
  let controller: TableController

  init(_ input: inout FuzzInput) {
    let columnCount = input.choice(5)
    columns = (0..<columnCount).map { _ in
      ColumnDefinition(
        input.text(limit: 10), alignment: ColumnDefinition.Alignment.allCases[input.choice(4)])
    }
    sections = (0..<(1 + input.choice(3))).map { _ in
      let header = input.flag() ? input.text(limit: 10) : nil
      let footer = input.flag() ? input.text(limit: 10) : nil
      let items: [Any] = (0..<input.choice(4)).map { _ in
        let cell = Cell(
          input.text(limit: 16),
          detail: input.flag() ? input.text(limit: 8) : nil,
          values: (0..<input.choice(5)).map { _ in Self.value(&input) },
          accessory: CellAccessory.allCases[input.choice(4)],
          kind: CellKind(rawValue: input.flag() ? "default" : input.text(limit: 6)))
        guard input.choice(4) == 0 else { return cell }
        return LinkRow(cell: cell, linkText: input.text(limit: 8), href: input.text(limit: 20))
      }
      return TableSection(header, footer: footer, items: items)
    }
    controller = TableController(
      dataSource: SectionedDataSource<Any>(sections: sections, columns: columns))
  }

  static func value(_ input: inout FuzzInput) -> CellValue {
    switch input.choice(7) {
    case 0: .integer(Int(truncatingIfNeeded: input.word()))
    case 5:
      .exactDecimal(
        ExactDecimal(
          minorUnits: Int(truncatingIfNeeded: input.word()), scale: input.choice(40)))
    case 1: .integer(input.choice(256) - 128)
    case 2: .decimal(Double(bitPattern: input.word()), fractionDigits: input.choice(20))
    case 3: .boolean(input.flag())
    case 4: .empty
    default: .text(input.text(limit: 24))
    }
  }

  var table: TableView { controller.table }

  /// The columns the renderers lay out: the declared ones, or two untitled ones.
  var layoutColumnCount: Int { columns.isEmpty ? 2 : columns.count }

  /// The values a row shows in the text formats and CSV, one per column.
  func values(of item: Any) -> [CellValue] {
    let cell = (item as? LinkRow)?.cell ?? (item as? Cell) ?? Cell("")
    let values =
      cell.values.isEmpty
      ? [.text(cell.text), cell.detailText.map(CellValue.text) ?? .empty] : cell.values
    return fitted(values, empty: .empty)
  }

  /// The values a row shows in HTML, one per column.
  func htmlValues(of item: Any) -> [HTMLValue] {
    guard let row = item as? LinkRow else { return values(of: item).map(HTMLValue.value) }
    return fitted(row.htmlValues, empty: .value(.empty))
  }

  func fitted<Value>(_ values: [Value], empty: Value) -> [Value] {
    let count = layoutColumnCount
    return Array(values.prefix(count))
      + Array(repeating: empty, count: max(count - values.count, 0))
  }
}

/// A number as every renderer writes it (text of integers, fixed point of decimals).
private func numberText(_ value: CellValue) -> String {
  switch value {
  case .integer(let number): String(number)
  case .decimal(let number, let digits):
    FixedPoint.format(number, fractionDigits: min(max(digits, 0), 15))
  case .exactDecimal(let number): number.description
  case .boolean(let flag): flag ? "true" : "false"
  case .empty: ""
  case .text(let text): text
  case .money, .percent, .date: value.text
  }
}

// MARK: - CSV

/// Parses a whole CSV document (RFC 4180, records ending with `terminator`) into records.
private func parseCSV(_ document: String, terminator: String, fail report: (String) -> Never)
  -> [[String]]
{
  let scalars = Array(document.unicodeScalars)
  var records: [[String]] = []
  var record: [String] = []
  var field = String.UnicodeScalarView()
  var index = 0
  var atFieldStart = true
  while index < scalars.count {
    if atFieldStart && scalars[index] == "\"" {
      index += 1
      while true {
        guard index < scalars.count else { report("a quoted field is not closed") }
        if scalars[index] == "\"" {
          if index + 1 < scalars.count && scalars[index + 1] == "\"" {
            field.append("\"")
            index += 2
            continue
          }
          index += 1
          break
        }
        field.append(scalars[index])
        index += 1
      }
      atFieldStart = false
      guard index < scalars.count, scalars[index] == "," || scalars.has(terminator, at: index)
      else { report("text after a closing quote") }
      continue
    }
    if scalars[index] == "," {
      record.append(String(field))
      field = String.UnicodeScalarView()
      atFieldStart = true
      index += 1
    } else if scalars.has(terminator, at: index) {
      record.append(String(field))
      records.append(record)
      record = []
      field = String.UnicodeScalarView()
      atFieldStart = true
      index += terminator.unicodeScalars.count
    } else {
      if ["\"", "\r", "\n"].contains(scalars[index]) {
        report("a quote or line break in an unquoted field")
      }
      field.append(scalars[index])
      atFieldStart = false
      index += 1
    }
  }
  if !record.isEmpty || !field.isEmpty || !atFieldStart {
    report("the last record has no line ending")
  }
  return records
}

private func checkCSV(_ fuzzTable: FuzzTable, _ input: inout FuzzInput, chunkSize: Int) {
  let options = input.byte()
  let renderer = CSVTableRenderer(
    includesHeaderRow: options & 1 == 0,
    lineEnding: options & 2 == 0 ? .crlf : .lf,
    formulaGuard: options & 4 == 0 ? .on : .off,
    sectionColumn: options & 8 == 0 ? nil : input.text(limit: 8),
    quotesSurroundingSpaces: options & 16 != 0)
  let output = collect(chunkSize: chunkSize) { renderer.render(fuzzTable.table, into: &$0) }
  func guarded(_ text: String) -> String {
    renderer.formulaGuard == .on && referenceCSVGuards(text) ? "'" + text : text
  }
  var expected: [[String]] = []
  let sectionField = renderer.sectionColumn.map { [guarded($0)] } ?? []
  if renderer.includesHeaderRow && !fuzzTable.columns.isEmpty {
    expected.append(sectionField + fuzzTable.columns.map { guarded($0.title) })
  }
  for section in fuzzTable.sections {
    let sectionTitle = renderer.sectionColumn == nil ? [] : [guarded(section.header ?? "")]
    for item in section.items {
      expected.append(
        sectionTitle
          + fuzzTable.values(of: item).map { value in
            if case .text(let text) = value { return guarded(text) }
            return numberText(value)
          })
    }
  }
  let records = parseCSV(output, terminator: renderer.lineEnding == .crlf ? "\r\n" : "\n") {
    fail("CSV: \($0)", [output])
  }
  expectEqual(records, expected, "CSV does not parse back to the table", input: output)
}

// MARK: - Markdown

/// Splits a Markdown table line at its unescaped pipes and reads each cell back.
private func markdownCells(_ line: [Unicode.Scalar], output: String) -> [[Unicode.Scalar]] {
  var cells: [[Unicode.Scalar]] = []
  var current: [Unicode.Scalar] = []
  var index = 0
  guard line.first == "|" else { fail("Markdown: a table line does not start with |", [output]) }
  index = 1
  while index < line.count {
    switch line[index] {
    case "\\":
      current.append(contentsOf: line[index..<min(index + 2, line.count)])
      index += 2
    case "|":
      cells.append(current)
      current = []
      index += 1
    default:
      current.append(line[index])
      index += 1
    }
  }
  guard current.isEmpty else { fail("Markdown: a table line does not end with |", [output]) }
  return cells
}

/// Reads one escaped Markdown cell (` text `) back to its text.
private func readMarkdownCell(_ cell: [Unicode.Scalar], output: String) -> [Unicode.Scalar] {
  guard cell.count >= 2, cell.first == " ", cell.last == " " else {
    fail(
      "Markdown: a cell is not padded by one space each side",
      [output, String(String.UnicodeScalarView(cell))])
  }
  let inner = Array(cell[1..<(cell.count - 1)])
  var result: [Unicode.Scalar] = []
  var index = 0
  while index < inner.count {
    let scalar = inner[index]
    if scalar == "\\", index + 1 < inner.count {
      result.append(inner[index + 1])
      index += 2
    } else if inner.has("<br>", at: index) {
      result.append("\n")
      index += 4
    } else if inner.has("<!-- -->", at: index) {
      index += 8
    } else if inner.has("&lt;", at: index) {
      result.append("<")
      index += 4
    } else if inner.has("&gt;", at: index) {
      result.append(">")
      index += 4
    } else if inner.has("&amp;", at: index) {
      result.append("&")
      index += 5
    } else if inner.has("&#x", at: index) {
      var next = index + 3
      var value: UInt32 = 0
      while next < inner.count, let digit = UInt32(String(inner[next]), radix: 16),
        value < 0x11_0000
      {
        value = value * 16 + digit
        next += 1
      }
      guard next < inner.count, inner[next] == ";", let decoded = Unicode.Scalar(value) else {
        fail("Markdown: a malformed reference", [output])
      }
      result.append(decoded)
      index = next + 1
    } else {
      if scalar == "<" || scalar == "&" || isRawControl(scalar) {
        fail("Markdown: a raw < & or control character in a cell", [output])
      }
      result.append(scalar)
      index += 1
    }
  }
  return result
}

/// What a Markdown cell reads back as for `value`.
private func markdownText(_ value: CellValue) -> [Unicode.Scalar] {
  guard case .text(let text) = value else { return Array(numberText(value).unicodeScalars) }
  return normalizingLineBreaks(text).map { $0 == "\0" ? "\u{FFFD}" : $0 }
}

private func checkMarkdown(_ fuzzTable: FuzzTable, _ input: inout FuzzInput, chunkSize: Int) {
  let renderer = MarkdownTableRenderer(title: input.flag() ? input.text(limit: 12) : nil)
  let output = collect(chunkSize: chunkSize) { renderer.render(fuzzTable.table, into: &$0) }
  if let raw = output.unicodeScalars.first(where: { $0 != "\n" && isRawControl($0) }) {
    fail("Markdown: a raw control character", [output, raw])
  }
  let lines = output.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    .map(Array.init)
  let tableLines = lines.filter { $0.first == "|" }
  var expected: [[[Unicode.Scalar]]?] = []  // nil: the delimiter row
  let titles: [[Unicode.Scalar]] =
    fuzzTable.columns.isEmpty
    ? [[], []] : fuzzTable.columns.map { markdownText(.text($0.title)) }
  for section in fuzzTable.sections {
    expected.append(titles)
    expected.append(nil)
    for item in section.items { expected.append(fuzzTable.values(of: item).map(markdownText)) }
  }
  expectEqual(
    tableLines.count, expected.count, "Markdown: wrong number of table lines", input: output)
  for (line, expectedCells) in zip(tableLines, expected) {
    let cells = markdownCells(line, output: output)
    expectEqual(
      cells.count, fuzzTable.layoutColumnCount, "Markdown: wrong number of cells", input: output)
    if let expectedCells {
      let actual = cells.map { readMarkdownCell($0, output: output) }
      expectEqual(actual, expectedCells, "Markdown: a cell does not read back", input: output)
    } else {
      let delimiters: Set<String> = [" --- ", " ---: ", " :--- ", " :---: "]
      for cell in cells where !delimiters.contains(String(String.UnicodeScalarView(cell))) {
        fail("Markdown: a bad delimiter cell", [output])
      }
    }
  }
}

// MARK: - HTML

/// What escaped HTML text reads back as for `text`.
private func htmlText(_ text: String) -> [Unicode.Scalar] {
  normalizingLineBreaks(text).map { scalar in
    let value = scalar.value
    let forbidden =
      (value <= 0x1F && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
      || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    return forbidden ? "\u{FFFD}" : scalar
  }
}

/// One HTML cell as read back: its text and the link it holds, if any.
private struct HTMLCell: Equatable {
  var text: [Unicode.Scalar] = []
  var href: [Unicode.Scalar]? = nil
}

/// Reads an HTML document or fragment as the renderer writes it, checking it on the way, and
/// returns the cells (`th` and `td`) in order.
private func readHTML(_ output: String) -> [HTMLCell] {
  let scalars = Array(output.unicodeScalars)
  func report(_ why: String) -> Never { fail("HTML: \(why)", [output]) }
  let void: Set<String> = ["meta", "!DOCTYPE"]
  var open: [String] = []
  var cells: [HTMLCell] = []
  var current: HTMLCell? = nil
  var index = 0
  func decodeText(until end: Int) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var position = index
    let entities: [(String, Unicode.Scalar)] = [
      ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ]
    while position < end {
      let scalar = scalars[position]
      if scalar == "&" {
        guard let (entity, decoded) = entities.first(where: { scalars.has($0.0, at: position) })
        else { report("an & that starts no reference") }
        result.append(decoded)
        position += entity.unicodeScalars.count
        continue
      }
      if scalar == ">" || scalar == "\"" || scalar == "'" || scalar == "\r" {
        report("a raw > \" ' or CR in text")
      }
      if htmlText(String(scalar)) != [scalar] { report("a forbidden character in text") }
      result.append(scalar)
      position += 1
    }
    return result
  }
  while index < scalars.count {
    guard scalars[index] == "<" else {
      var end = index
      while end < scalars.count && scalars[end] != "<" { end += 1 }
      let text = decodeText(until: end)
      if current != nil { current?.text += text }
      index = end
      continue
    }
    var end = index + 1
    var inQuotes = false
    while end < scalars.count && (inQuotes || scalars[end] != ">") {
      if scalars[end] == "\"" { inQuotes.toggle() }
      if scalars[end] == "<" && !inQuotes { report("a < inside a tag") }
      end += 1
    }
    guard end < scalars.count else { report("a tag is not closed") }
    let tag = Array(scalars[(index + 1)..<end])
    let isEnd = tag.first == "/"
    let nameScalars = tag.dropFirst(isEnd ? 1 : 0).prefix { $0 != " " }
    let name = String(String.UnicodeScalarView(nameScalars))
    if isEnd {
      guard open.last == name else { report("</\(name)> closes <\(open.last ?? "nothing")>") }
      open.removeLast()
      if name == "td" || name == "th", let cell = current {
        cells.append(cell)
        current = nil
      }
    } else if !void.contains(name) {
      open.append(name)
      if name == "td" || name == "th" { current = HTMLCell() }
      if name == "a" {
        // <a href="…">: the value read back like text.
        guard tag.has("a href=\"", at: 0), tag.last == "\"" else { report("a malformed link") }
        let saved = index
        index += 1 + 8
        current?.href = decodeText(until: end - 1)
        index = saved
      }
      if name == "style" {
        guard let close = (end..<scalars.count).first(where: { scalars.has("</style>", at: $0) })
        else { report("<style> is not closed") }
        end = close - 1
      }
    }
    index = end + 1
  }
  guard open.isEmpty else { report("unclosed elements \(open)") }
  return cells
}

private func checkHTML(_ fuzzTable: FuzzTable, _ input: inout FuzzInput, chunkSize: Int) {
  let caption = input.flag() ? input.text(limit: 12) : nil
  let mode: HTMLTableRenderer.Mode =
    input.flag()
    ? .fragment : .document(title: input.text(limit: 12), language: input.text(limit: 4))
  let renderer = HTMLTableRenderer(caption: caption, mode: mode)
  let output = collect(chunkSize: chunkSize) { renderer.render(fuzzTable.table, into: &$0) }
  var expected: [HTMLCell] = []
  for column in fuzzTable.columns { expected.append(HTMLCell(text: htmlText(column.title))) }
  for section in fuzzTable.sections {
    if let header = section.header { expected.append(HTMLCell(text: htmlText(header))) }
    for item in section.items {
      for value in fuzzTable.htmlValues(of: item) {
        switch value {
        case .value(.text(let text)): expected.append(HTMLCell(text: htmlText(text)))
        case .value(let value):
          expected.append(HTMLCell(text: Array(numberText(value).unicodeScalars)))
        case .link(let text, let href):
          expected.append(
            HTMLCell(
              text: htmlText(text), href: referenceHref(href).map { Array($0.unicodeScalars) }))
        }
      }
    }
    if let footer = section.footer { expected.append(HTMLCell(text: htmlText(footer))) }
  }
  let actual = readHTML(output)
  if actual.count != expected.count || !zip(actual, expected).allSatisfy(cellMatches) {
    fail(
      "HTML cells do not read back", ["input:", output, "actual:", actual, "expected:", expected])
  }
}

/// Whether a cell read back is the one expected: the same text, and a link only where the policy
/// allows one, whose `href` is the URL made valid (see `hrefMatches`).
private func cellMatches(_ actual: HTMLCell, _ expected: HTMLCell) -> Bool {
  guard actual.text == expected.text else { return false }
  switch (actual.href, expected.href) {
  case (nil, nil): return true
  case (.some, nil): return false
  // A URL the policy allows but whose host cannot be valid is shown as text (documented).
  case (nil, .some): return true
  case (.some(let written), .some(let url)): return hrefMatches(written, url: url)
  }
}

/// Whether `written` is `url` as a valid URL: only characters a URL may hold (non-ASCII allowed
/// in the host), `%` only before two hex digits, and percent-decoded it is the same bytes as
/// `url` percent-decoded (escapes already in the URL are kept as they are), reading backslashes
/// as slashes on both sides (a browser does for http(s) and relative URLs).
private func hrefMatches(_ written: [Unicode.Scalar], url: [Unicode.Scalar]) -> Bool {
  let allowed = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%"
      .unicodeScalars)
  for (index, scalar) in written.enumerated() {
    if scalar == "%" {
      guard index + 2 < written.count, hexValue(written[index + 1]) != nil,
        hexValue(written[index + 2]) != nil
      else { return false }
    } else if scalar.isASCII {
      guard allowed.contains(scalar) else { return false }
    } else if scalar.value <= 0x9F {
      return false
    }
  }
  return percentDecodedBytes(written) == percentDecodedBytes(url)
}

/// The UTF-8 of `scalars` with every `%` and two hex digits turned into that byte (a `%` that
/// starts no escape stays) and backslashes read as slashes.
private func percentDecodedBytes(_ scalars: [Unicode.Scalar]) -> [UInt8] {
  var bytes: [UInt8] = []
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    if scalar == "%", index + 2 < scalars.count, let high = hexValue(scalars[index + 1]),
      let low = hexValue(scalars[index + 2])
    {
      bytes.append(high << 4 | low)
      index += 3
      continue
    }
    bytes.append(contentsOf: Array(String(scalar == "\\" ? "/" : scalar).utf8))
    index += 1
  }
  return bytes.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }
}

private func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
  switch scalar {
  case "0"..."9": UInt8(scalar.value - 48)
  case "a"..."f": UInt8(scalar.value - 87)
  case "A"..."F": UInt8(scalar.value - 55)
  default: nil
  }
}

// MARK: - Text

private func checkText(_ fuzzTable: FuzzTable, _ input: inout FuzzInput, chunkSize: Int) {
  let styles: [TextTableStyle] = [.plain, .compact, .grid, .light, .rounded, .heavy, .double]
  let style = styles[input.choice(styles.count)]
  let sizing: ColumnSizing =
    switch input.choice(3) {
    case 0: .measureAllRows
    case 1: .measureFirstRows(input.choice(4))
    default: .fixed((0..<input.choice(5)).map { _ in input.choice(12) })
    }
  let renderer = TextTableRenderer(
    title: input.flag() ? input.text(limit: 12) : nil,
    style: style,
    maximumWidth: input.flag() ? input.choice(60) : nil,
    overflow: input.flag() ? .wrap : .truncate,
    sizing: sizing,
    alignsDecimalPoints: input.flag(),
    tabWidth: input.choice(10))
  let output = collect(chunkSize: chunkSize) { renderer.render(fuzzTable.table, into: &$0) }
  if let raw = output.unicodeScalars.first(where: { $0 != "\n" && isTerminalControl($0) }) {
    fail("text: a raw control character reaches the terminal", [output, raw])
  }
  let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
  // Equal widths are promised where nothing wraps: wrapping puts a character wider than its
  // column alone on a line (documented in `TextFitting.wrap`), which then sticks out, and
  // section titles wrap to the table's width even when every column fits its values.
  let wraps = renderer.overflow == .wrap
  // A value line that starts with U+FE0F joins the padding space before it into one cluster,
  // which DisplayWidth counts 2 (issue 9: terminals show 1); skip until that rule changes.
  let joinsPadding = output.unicodeScalars.indices.contains { index in
    output.unicodeScalars[index] == "\u{FE0F}" && index > output.unicodeScalars.startIndex
      && output.unicodeScalars[output.unicodeScalars.index(before: index)] == " "
  }
  guard style.box != nil, renderer.title == nil, !wraps, !joinsPadding else { return }
  let widths = Set(lines.dropLast().map { clusterWidth($0) })
  if widths.count > 1 {
    fail("text: the lines of a boxed table differ in width", [output, widths])
  }
}
