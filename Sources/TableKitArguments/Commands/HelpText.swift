/// Help text being written: headings, wrapped paragraphs, and two-column items (an option
/// and what it does), no line longer than ``width`` columns.
///
/// Columns are counted in characters; help is written in text whose characters each take
/// one column. A word longer than a line is put on a line of its own.
package struct HelpText {
  /// The most columns a line takes: a terminal's classic width.
  package static let width = 80
  /// The column where an item's description starts.
  package static let descriptionColumn = 26

  /// The text so far.
  package private(set) var result = ""

  /// An empty text.
  package init() {}

  /// `USAGE:` and the command lines under one another.
  package mutating func usage(_ lines: [String]) {
    for (index, line) in lines.enumerated() {
      let prefix = index == 0 ? "USAGE: " : String(repeating: " ", count: 7)
      let wrapped = Self.wrap(line, width: Self.width - 7, indent: 4)
      append([prefix + wrapped[0]] + wrapped.dropFirst().map { "       " + $0 })
    }
  }

  /// A blank line and `TITLE:`.
  package mutating func heading(_ title: String) {
    result += "\n\(title):\n"
  }

  /// A section: its heading if any, then each paragraph wrapped (indented under a heading),
  /// or kept as written when it starts with a space.
  package mutating func section(_ title: String?, _ paragraphs: [String]) {
    if let title { heading(title) }
    let indent = title == nil ? 0 : 2
    for (index, paragraph) in paragraphs.enumerated() {
      if title == nil || index > 0, !(paragraph.first == " " && index > 0) { result += "\n" }
      if paragraph.first == " " {
        append(paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
      } else {
        let lines = Self.wrap(paragraph, width: Self.width - indent)
        append(lines.map { String(repeating: " ", count: indent) + $0 })
      }
    }
  }

  /// An item: `term` at column 2 and `description` wrapped from `column`, on the next line
  /// when the term is too long.
  package mutating func item(
    _ term: String, _ description: String, column: Int = descriptionColumn
  ) {
    let pad = String(repeating: " ", count: column)
    let lines = Self.wrap(description, width: Self.width - column)
    let first = "  " + term
    if first.count + 2 <= column {
      let gap = String(repeating: " ", count: column - first.count)
      append([first + gap + lines[0]] + lines.dropFirst().map { pad + $0 })
    } else {
      append([first] + lines.map { pad + $0 })
    }
  }

  /// An example: the command at column 2, what it does under it, indented.
  package mutating func example(_ command: String, _ meaning: String) {
    append(Self.wrap(command, width: Self.width - 2, indent: 4).map { "  " + $0 })
    if !meaning.isEmpty {
      append(Self.wrap(meaning, width: Self.width - 6).map { "      " + $0 })
    }
  }

  private mutating func append(_ lines: [String]) {
    for line in lines {
      var line = line
      while line.last == " " { line.removeLast() }
      result += line + "\n"
    }
  }

  /// Breaks `text` at spaces into lines of at most `width` columns.
  ///
  /// Lines after the first start with `indent` spaces; line breaks in `text` are kept.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The most columns a line takes.
  ///   - indent: Spaces before each line after the first.
  /// - Returns: The lines, without line breaks.
  package static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        if line.isEmpty {
          line = (lines.isEmpty ? "" : String(repeating: " ", count: indent)) + word
        } else if line.count + 1 + word.count <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = String(repeating: " ", count: indent) + word
        }
      }
      lines.append(line)
    }
    return lines
  }
}
