import TableKit
import TableKitFiles
package import TableKitReports

/// Why a table could not be read from CSV, TSV, a JSON array or JSON Lines: the input, the
/// place in it and what is wrong, in plain words.
///
/// ```text
/// data.csv:7:1: row 6 has 4 fields, but the header has 3
/// data.csv:3:9: the quoted field that starts here has no closing quote
/// standard input:2:15: invalid UTF-8 at byte 33 (line 2, column 15): byte 0xFF never appears in UTF-8
/// /dev/zero:1:1: the field that starts here runs on past byte 134217728: it is longer than 134217728 bytes (128 MiB), the most a field may take; raise the limit with --max-field-bytes
/// ```
package struct TableInputError: Error, Hashable, Sendable {
  /// What is wrong.
  package enum Reason: Hashable, Sendable {
    /// The input could not be read; the system's words.
    case cannotRead(String)
    /// The input holds no table at all; what a table of its format starts with.
    case emptyInput(expected: String)
    /// A row has another number of fields than the header.
    case raggedRow(row: Int, count: Int, columns: Int)
    /// A quoted field has no closing quote.
    case unterminatedQuote
    /// Something follows a quoted field's closing quote; what was found.
    case textAfterQuote(found: String)
    /// A record of JSON Lines or of a JSON array has a key first seen after the columns were
    /// fixed; the key, the record's number and how many records fixed the columns.
    case lateKey(String, record: Int, sampled: Int)
    /// A JSON value that is not a table of the shape asked for; what was expected and found.
    case notATable(expected: String, found: String)
    /// A JSON error, from the tokenizer or the document reader.
    case json(JSONTableError.Reason)
    /// A column named on the command line that the input does not have.
    case unknownColumn(String, available: [String])
    /// The field that starts at the position runs past ``InputLimits/maximumFieldBytes``, the
    /// limit given.
    case fieldTooLong(limit: Int)
    /// The record that starts at the position runs past ``InputLimits/maximumRecordBytes``, the
    /// limit given.
    case recordTooLong(limit: Int)
    /// A field of a column whose type the command line declared (`--column NAME=TYPE`) does not
    /// hold that type; the position is the character where it stops fitting.
    case invalidValue(column: String, ValueParserError)
    /// Input said to be grouped by a column (`--grouped`) has a group that comes back after
    /// another: the column, the group's value and the row (from 1, after any header) where
    /// it comes back.
    case groupComesBack(column: String, key: String, row: Int)
    /// Column types were declared for an input that is not CSV or TSV; its format.
    case typesNeedText(format: String)
  }

  /// The input, as the user named it: a path, or `standard input`.
  package var path: String
  /// Where in the input, or `nil` for an error about the whole input.
  package var position: JSONPosition?
  /// What is wrong.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The input, as the user named it.
  ///   - position: Where in the input, or `nil`.
  ///   - reason: What is wrong.
  package init(path: String, position: JSONPosition?, reason: Reason) {
    self.path = path
    self.position = position
    self.reason = reason
  }

  /// The same error as a JSON reader's error.
  ///
  /// - Parameter error: An error of the JSON tokenizer or document reader.
  package init(_ error: JSONTableError) {
    if case .cannotRead(let why) = error.reason {
      self.init(path: error.path, position: nil, reason: .cannotRead(why))
    } else if case .tokenTooLong(let limit) = error.reason {
      self.init(path: error.path, position: error.position, reason: .fieldTooLong(limit: limit))
    } else {
      self.init(path: error.path, position: error.position, reason: .json(error.reason))
    }
  }
}

extension TableInputError: CustomStringConvertible {
  /// `path:line:column: message`, or `path: message` without a position.
  package var description: String {
    let path = BytePath.displayed(self.path)
    if case .cannotRead(let why) = reason { return "cannot read \(path): \(why)" }
    guard let position else { return "\(path): \(message)" }
    return "\(path):\(position): \(message)"
  }

  /// The sentence that says what is wrong, without the place.
  package var message: String {
    switch reason {
    case .cannotRead(let why):
      return "cannot read the input: \(why)"
    case .emptyInput(let expected):
      return "the input holds no table; it must start with \(expected)"
    case .raggedRow(let row, let count, let columns):
      return "row \(row) has \(count) \(count == 1 ? "field" : "fields"), but the header has "
        + "\(columns); every row needs one field per column"
    case .unterminatedQuote:
      return "the quoted field that starts here has no closing quote"
    case .textAfterQuote(let found):
      return "expected a separator or the end of the line after the closing quote, found "
        + "\(found); a quote inside a quoted field is written twice (\"\")"
    case .lateKey(let key, let record, let sampled):
      let first = sampled == 1 ? "the first record" : "the first \(sampled) records"
      return "the key \(JSONText.quoted(key)) first appears in record \(record), after the "
        + "columns were taken from \(first); name the columns with "
        + "--columns, or read more records first with --sample-rows"
    case .notATable(let expected, let found):
      return "expected \(expected), found \(found)"
    case .json(let reason):
      return JSONTableError(path: path, position: position, reason: reason).message
    case .unknownColumn(let name, let available):
      let list = available.map(JSONText.quoted).joined(separator: ", ")
      return "there is no column \(JSONText.quoted(name)); the columns are \(list)"
    case .fieldTooLong(let limit):
      return "the field that starts here \(runsPast(limit))is longer than "
        + "\(InputLimits.describe(bytes: limit)), the most a field may take; raise the limit "
        + "with --max-field-bytes"
    case .recordTooLong(let limit):
      return "the record that starts here \(runsPast(limit))is longer than "
        + "\(InputLimits.describe(bytes: limit)), the most a record may take; raise the limit "
        + "with --max-record-bytes"
    case .invalidValue(let column, let error):
      return "\(JSONText.quoted(error.text)) in column \(JSONText.quoted(column)) is not of "
        + "the column's declared type: expected \(error.expected)"
    case .groupComesBack(let column, let key, let row):
      return "the group \(JSONText.quoted(key)) of column \(JSONText.quoted(column)) comes back "
        + "in row \(row), after other groups; --grouped needs each group's rows together: sort "
        + "the input by the column, or leave out --grouped to group every row in memory"
    case .typesNeedText(let format):
      return "--column declares the types of CSV and TSV fields; this input is \(format), whose "
        + "values carry their own types"
    }
  }

  /// `runs on past byte N: it ` for a field or record that starts at ``position`` and passes
  /// `limit` bytes there, or nothing without a position.
  private func runsPast(_ limit: Int) -> String {
    guard let position else { return "" }
    let (end, overflow) = position.byteOffset.addingReportingOverflow(limit)
    return overflow ? "" : "runs on past byte \(end): it "
  }
}
