import TableKit

/// The lines one value is drawn as in a column of a given width, made one at a time.
///
/// A value with line breaks gives one or more lines for each of its lines: cut to the width
/// with `…`, or wrapped. Lines are read from the value's text as they are asked for, so drawing a
/// cell of millions of lines keeps only the line being drawn (and, when wrapping, the pieces of
/// that one line) in memory, and reads the text once.
///
/// ```swift
/// var lines = FittedLines(.lines("abc\ndefgh", tabWidth: 4), width: 3, overflow: .truncate)
/// while let line = lines.next() { … }  // "abc", "de…"
/// ```
package struct FittedLines {
  private let width: Int
  private let overflow: TextOverflow
  private let tabWidth: Int
  /// The rest of a value with line breaks; `nil` for a value of one line.
  private var reader: TextLineReader?
  /// The next line to give, when it is the only one its source line made.
  private var single: TextField?
  /// The lines a wrapped source line made, and how many of them were given.
  private var wrapped: [TextField] = []
  private var wrappedIndex = 0

  /// The lines of `field` in a column `width` wide.
  ///
  /// - Parameters:
  ///   - field: The value.
  ///   - width: The column's width.
  ///   - overflow: What happens to a line wider than the column.
  package init(_ field: TextField, width: Int, overflow: TextOverflow) {
    self.width = width
    self.overflow = overflow
    switch field {
    case .number(let value, let numberWidth, _, _):
      tabWidth = 0
      // Only a column sized from a sample or given widths can be too narrow for a number.
      if numberWidth <= width {
        single = field
      } else {
        queue(.line(value.text, width: numberWidth))
      }
    case .line:
      tabWidth = 0
      queue(field)
    case .lines(let text, let tabWidth):
      self.tabWidth = tabWidth
      reader = TextLineReader(text)
    }
  }

  /// How many bytes of a multi-line value's text have been read so far (0 for other values).
  ///
  /// Lines are read only when asked for: after each source line's first fitted line, this is
  /// where that source line's break ends.
  package var consumedBytes: Int { reader?.consumedBytes ?? 0 }

  /// The next line, or `nil` when every line has been given.
  package mutating func next() -> TextField? {
    while true {
      if let line = single {
        single = nil
        return line
      }
      if wrappedIndex < wrapped.count {
        wrappedIndex += 1
        return wrapped[wrappedIndex - 1]
      }
      let tabWidth = self.tabWidth
      guard case .some(.some(let line)) = reader?.next({ TextField.line($0, tabWidth: tabWidth) })
      else { return nil }
      queue(line)
    }
  }

  /// Fits the single line `line` to the width and keeps what it makes for ``next()``.
  private mutating func queue(_ line: TextField) {
    guard case .line(let text, let lineWidth) = line, lineWidth > width else {
      single = line
      return
    }
    switch overflow {
    case .truncate:
      let cut = TextFitting.truncate(text, to: width)
      single = .line(cut, width: DisplayWidth.of(cut))
    case .wrap:
      wrapped.removeAll(keepingCapacity: true)
      wrappedIndex = 0
      for piece in TextFitting.wrap(text, to: width) {
        wrapped.append(.line(piece, width: DisplayWidth.of(piece)))
      }
    }
  }
}
