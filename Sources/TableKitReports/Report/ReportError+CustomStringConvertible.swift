extension ReportError: CustomStringConvertible {
  /// A sentence naming the part and what is wrong; labels are quoted as data.
  public var description: String {
    switch self {
    case .columnOutOfRange(let part, let column, let count):
      return "The \(part) names column \(column); the table has \(count) (0 through \(count - 1))."
    case .emptySpanner(let label):
      return "The spanner \(Self.quoted(label)) covers no column."
    case .spannersCross(let first, let firstColumns, let second, let secondColumns):
      return
        "The spanners \(Self.quoted(first)) (columns \(firstColumns)) and \(Self.quoted(second))"
        + " (columns \(secondColumns)) cross; spanners must nest or stand apart."
    case .stubOutOfRange(let column, let count):
      return "The stub column \(column) is not one of the table's \(count) columns."
    case .footnoteTargetMissing(let index):
      return "Footnote \(index + 1) is attached to a group or a row the table does not have."
    case .summaryOverflow(let column):
      return
        "The sum of column \(column) needs more than 38 digits; an exact total holds at most 38."
    case .needsEveryRowFirst:
      return
        "A summary at the top needs every row before the first, and this input can be read"
        + " only once (a pipe); put the summary at the bottom, or read from a file."
    case .summaryAtTopOfStreamedGroup:
      return
        "A subtotal at the top of a group needs the group's rows before its first, and the"
        + " groups of this input stream one after another; put the subtotal at the bottom."
    }
  }

  /// `text` in double quotes with its quotes, backslashes and control characters escaped, so a
  /// label shown in a message cannot move the cursor or end the quotation.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
