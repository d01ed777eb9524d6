package import TableKit

/// One value made ready for a terminal: escaped, split into lines, measured.
///
/// Most values are one clean line, and those take a fast path: a single scan of the UTF-8 that
/// finds no control character, no tab and no line break, and no allocation. Numbers are kept as
/// values and written as digits when the row is drawn.
package enum TextField {
  /// A number, measured; `integerWidth + fractionWidth == width`.
  case number(CellValue, width: Int, integerWidth: Int, fractionWidth: Int)
  /// One line of text, already safe for a terminal.
  case line(String, width: Int)
  /// Text with line breaks, kept as it was given: its lines are read, escaped (tabs expanding
  /// to stops every `tabWidth` columns), measured and fitted one at a time as they are drawn
  /// (see `FittedLines`), so a value of millions of lines takes no memory per line.
  case lines(String, tabWidth: Int)

  /// The widest line.
  ///
  /// - Complexity: O(1), except for ``lines(_:tabWidth:)``: one pass over the text.
  package var width: Int {
    switch self {
    case .number(_, let width, _, _), .line(_, let width): width
    case .lines(let text, let tabWidth): Self.widestLine(of: text, tabWidth: tabWidth)
    }
  }

  /// Prepares `value`, expanding tabs to stops every `tabWidth` columns.
  package init(_ value: CellValue, tabWidth: Int) {
    switch value {
    case .integer, .decimal, .exactDecimal:
      let parts = NumberWidth.parts(of: value)
      self = .number(
        value, width: parts.whole + parts.fraction, integerWidth: parts.whole,
        fractionWidth: parts.fraction)
    case .money, .percent:
      let plain = value.text
      self = .line(plain, width: plain.utf8.count)
    case .date(let date):
      self = TextField(text: date.written, tabWidth: tabWidth)
    case .boolean(let flag):
      self = .line(flag ? "true" : "false", width: flag ? 4 : 5)
    case .empty:
      self = .line("", width: 0)
    case .text(let text):
      self = TextField(text: text, tabWidth: tabWidth)
    }
  }

  /// Prepares `text`: line breaks (LF, CRLF, U+2028, U+2029) make it ``lines(_:tabWidth:)``,
  /// tabs expand to stops, every other control character is shown visibly.
  package init(text: String, tabWidth: Int) {
    switch TerminalMeasure.of(text) {
    case .width(let width):
      self = .line(text, width: width)
    case .needsClusters:
      self = .line(text, width: DisplayWidth.of(text))
    case .needsEscaping:
      if TextLineReader.hasLineBreak(text) {
        self = .lines(text, tabWidth: tabWidth)
      } else {
        let line = TerminalEscaping.escape(text, tabWidth: tabWidth)
        self = .line(line, width: DisplayWidth.of(line))
      }
    }
  }

  /// One line's UTF-8, made safe for a terminal and measured: tabs expanded to stops every
  /// `tabWidth` columns, other control characters shown visibly.
  ///
  /// - Parameters:
  ///   - bytes: The line, without line breaks.
  ///   - tabWidth: The distance between tab stops.
  /// - Returns: A ``line(_:width:)``.
  static func line(_ bytes: UnsafeBufferPointer<UInt8>, tabWidth: Int) -> TextField {
    switch TerminalMeasure.of(bytes) {
    case .width(let width):
      return .line(String(decoding: bytes, as: UTF8.self), width: width)
    case .needsClusters:
      let text = String(decoding: bytes, as: UTF8.self)
      return .line(text, width: DisplayWidth.of(text))
    case .needsEscaping:
      let text = TerminalEscaping.escape(String(decoding: bytes, as: UTF8.self), tabWidth: tabWidth)
      return .line(text, width: DisplayWidth.of(text))
    }
  }

  /// The width of one line's UTF-8 once made safe for a terminal; no string is made for a line
  /// with nothing to escape and no cluster to measure.
  static func width(ofLine bytes: UnsafeBufferPointer<UInt8>, tabWidth: Int) -> Int {
    if case .width(let width) = TerminalMeasure.of(bytes) { return width }
    return line(bytes, tabWidth: tabWidth).width
  }

  /// The width of the widest line of `text` once made safe for a terminal.
  ///
  /// - Complexity: One pass over the text, with no memory per line.
  static func widestLine(of text: String, tabWidth: Int) -> Int {
    var reader = TextLineReader(text)
    var widest = 0
    while let width = reader.next({ width(ofLine: $0, tabWidth: tabWidth) }) {
      widest = max(widest, width)
    }
    return widest
  }
}

/// How wide one value is on a terminal, measured without preparing it for drawing.
///
/// What the measuring pass of an aligned table takes from each value: sizing a column needs the
/// width and, for numbers, the widths on either side of the point, but not the escaped, split
/// lines a ``TextField`` holds. Only a value that needs escaping or has line breaks is made
/// into a ``TextField`` to be measured.
package struct TextValueWidth {
  /// The columns the value takes; for several lines, the widest.
  package var width: Int
  /// For a number, the width before the decimal point, sign included; 0 otherwise.
  package var whole = 0
  /// For a number, the width of the point and the digits after it; 0 otherwise.
  package var fraction = 0
  /// Whether the value is a number.
  package var isNumber = false
  /// Whether the value shows nothing at all (empty, or empty text).
  ///
  /// Anything else, even text that takes no columns (U+200B), keeps its column visible.
  package var isBlank = false

  /// Measures `value`; tabs expand to stops every `tabWidth` columns.
  ///
  /// The value is only borrowed, and its payloads are read in place: copying a `.text` value
  /// would retain and release its string.
  package init(_ value: borrowing CellValue, tabWidth: Int) {
    var parts: (whole: Int, fraction: Int)?
    var width = 0
    switch value {
    case .integer(let number):
      parts = NumberWidth.parts(ofInteger: number)
    case .decimal(let number, let digits):
      parts = NumberWidth.parts(ofDecimal: number, fractionDigits: digits)
    case .exactDecimal(let number):
      parts = NumberWidth.parts(ofExactDecimal: number)
    case .money, .percent, .date:
      (width, isBlank) = Self.measureTyped(copy value, tabWidth: tabWidth)
    case .boolean(let flag):
      width = flag ? 4 : 5
    case .empty:
      isBlank = true
    case .text(let text):
      isBlank = text.utf8.isEmpty
      switch TerminalMeasure.of(text) {
      case .width(let measured):
        width = measured
      case .needsClusters:
        width = DisplayWidth.of(text)
      case .needsEscaping:
        width = Self.escapedWidth(of: value, tabWidth: tabWidth)
      }
    }
    if let parts {
      width = parts.whole + parts.fraction
      whole = parts.whole
      fraction = parts.fraction
      isNumber = true
    }
    self.width = width
  }

  /// The size of a value already prepared for drawing.
  package init(_ field: TextField) {
    width = field.width
    switch field {
    case .number(_, _, let whole, let fraction):
      self.whole = whole
      self.fraction = fraction
      isNumber = true
    case .line(let text, _):
      isBlank = text.utf8.isEmpty
    case .lines:
      break
    }
  }

  /// The width of money, a percentage or a date, and whether it shows nothing: out of line, so
  /// the measuring of plain rows carries none of this code.
  @inline(never)
  private static func measureTyped(_ value: CellValue, tabWidth: Int) -> (Int, Bool) {
    switch value {
    case .money(let money): (money.description.utf8.count, false)
    case .percent(let fraction): (fraction.percentText.utf8.count, false)
    case .date(let date):
      (TextField(text: date.written, tabWidth: tabWidth).width, date.written.utf8.isEmpty)
    default: (0, false)
    }
  }

  /// The width of text that needs escaping, once escaped and split into lines (the widest).
  private static func escapedWidth(of value: borrowing CellValue, tabWidth: Int) -> Int {
    guard case .text(let text) = copy value else { return 0 }
    return TextField.widestLine(of: text, tabWidth: tabWidth)
  }
}

/// Display widths of numbers, computed without formatting them into strings.
package enum NumberWidth {
  /// The width of the part before the decimal point (sign included) and of the point and the
  /// digits after it.
  package static func parts(of value: CellValue) -> (whole: Int, fraction: Int) {
    switch value {
    case .integer(let number):
      return parts(ofInteger: number)
    case .decimal(let number, let fractionDigits):
      return parts(ofDecimal: number, fractionDigits: fractionDigits)
    case .exactDecimal(let number):
      return parts(ofExactDecimal: number)
    case .text, .money, .percent, .date, .boolean, .empty:
      return (value.text.count, 0)
    }
  }

  /// The widths of an integer: its sign and digits, and no fraction.
  package static func parts(ofInteger number: Int) -> (whole: Int, fraction: Int) {
    ((number < 0 ? 1 : 0) + digitCount(UInt128(number.magnitude)), 0)
  }

  /// The widths of a decimal shown with `fractionDigits` digits after the point.
  package static func parts(ofDecimal number: Double, fractionDigits: Int) -> (
    whole: Int, fraction: Int
  ) {
    let digits = min(max(fractionDigits, 0), 15)
    guard let units = FixedPoint.scaledMagnitude(number, digits: digits) else {
      return (number.description.count, 0)
    }
    let sign = number < 0 && units != 0 ? 1 : 0
    let power = OutputBuffer.powersOfTen[digits]
    // 64-bit division when the units fit, as `OutputBuffer.write(decimal:fractionDigits:)`.
    let whole =
      units <= UInt128(UInt64.max) ? UInt128(UInt64(units) / power) : units / UInt128(power)
    return (sign + digitCount(whole), digits > 0 ? digits + 1 : 0)
  }

  /// The widths of an exact decimal: its sign and the digits before the point (at least one),
  /// and the point and the digits after it.
  package static func parts(ofExactDecimal number: ExactDecimal) -> (whole: Int, fraction: Int) {
    let digits = digitCount(number.significand)
    let sign = number.isNegative ? 1 : 0
    return (sign + max(digits - number.scale, 1), number.scale > 0 ? number.scale + 1 : 0)
  }

  /// The number of decimal digits of `value`: from the bit length when it fits 64 bits (the
  /// usual case; a 128-bit division per digit costs a library call each), else by dividing.
  static func digitCount(_ value: UInt128) -> Int {
    if value <= UInt128(UInt64.max) { return OutputBuffer.digitCount(UInt64(value)) }
    var count = 1
    var remaining = value
    while remaining >= 10 {
      remaining /= 10
      count += 1
    }
    return count
  }
}
