package import TableKit
package import TableRender

/// Reads a table's rows one at a time from an input, in the input's order, holding about one
/// chunk of it at a time.
///
/// Column titles come first: a CSV or TSV header row, the first array of a JSON array of
/// arrays, or the keys of the records read so far (JSON objects, in first-seen order).
package protocol RecordReader {
  /// The column titles known so far.
  var columns: [String] { get }

  /// The next row, one value per column known when it was read (a row of JSON objects may be
  /// shorter than later ``columns``: the missing values are empty); `nil` at the end.
  ///
  /// - Throws: ``TableInputError`` naming the input, the place and what is wrong.
  mutating func next() throws(TableInputError) -> [CellValue]?

  /// Appends the next row's values to `values`, exactly `width` of them (missing ones empty,
  /// any beyond `width` left out); `false` at the end.
  ///
  /// The reading thread reads every row into one reused array this way, with no array of its
  /// own per row (``RowPrefetcher``).
  ///
  /// - Throws: ``TableInputError`` naming the input, the place and what is wrong.
  mutating func appendNext(to values: inout [CellValue], width: Int) throws(TableInputError)
    -> Bool

  /// Says that the columns are final: a reader that learns columns from its records then
  /// reports a record with a new key as an error (``TableInputError/Reason/lateKey(_:record:sampled:)``).
  mutating func fixColumns()

  /// Where field `field` (from 0) of the row read last starts, for an error about its value;
  /// `nil` when the reader cannot say.
  ///
  /// - Parameter field: The field's index among the reader's columns.
  /// - Returns: The field's place, or `nil`.
  func position(ofField field: Int) -> JSONPosition?

  /// Where the reader stands, when another reader can continue from there in a part of the
  /// same file (``DelimitedRecordReader/init(input:resumingAt:columns:dialect:infers:isLossy:)``);
  /// `nil` for a reader that cannot be continued that way.
  var resumePoint: ResumePoint? { get }

  /// Makes the reader end at the first record that starts at or after input offset `offset`,
  /// reading on past the end of its part of a file (up to offset `limit`) to finish the record
  /// that runs across it, when it can: then the part it read ends at a true record boundary,
  /// whatever the cut (a line break inside a quoted field included), and ``resumePoint`` says
  /// where.
  ///
  /// - Parameters:
  ///   - offset: The offset in the input (as ``resumePoint`` counts it).
  ///   - limit: The offset reading stops at: the record is then cut, an error.
  /// - Returns: Whether the reader will; `false`, changing nothing, for a reader that reads
  ///   exactly its part.
  mutating func endAtRecordBoundary(from offset: Int, readingOnTo limit: Int) -> Bool

  /// Hands every row left to `consumer` as its fields' bytes (``FieldBytes``), with no
  /// `CellValue` made, when the reader can: the CSV and TSV reader; `nil` from others, having
  /// read nothing.
  ///
  /// - Parameters:
  ///   - consumer: The consumer of the rows.
  ///   - output: Where it writes them.
  /// - Returns: The rows handed over, or `nil` when the reader cannot hand rows over this way.
  /// - Throws: ``TableInputError`` as ``next()`` would throw it; the rows before it were
  ///   handed over.
  mutating func consumeFieldBytes(
    with consumer: inout any FieldBytesConsumer, into output: inout OutputBuffer
  ) throws(TableInputError) -> Int?
}

extension RecordReader {
  /// Readers whose columns come from a header know them from the start.
  package mutating func fixColumns() {}

  /// Readers say where no field is unless they know.
  package func position(ofField field: Int) -> JSONPosition? { nil }

  /// Readers are not continued by others unless they say where they stand.
  package var resumePoint: ResumePoint? { nil }

  /// Readers read exactly their part unless they say otherwise.
  package mutating func endAtRecordBoundary(from offset: Int, readingOnTo limit: Int) -> Bool {
    false
  }

  /// Readers make `CellValue`s unless they say otherwise.
  package mutating func consumeFieldBytes(
    with consumer: inout any FieldBytesConsumer, into output: inout OutputBuffer
  ) throws(TableInputError) -> Int? {
    nil
  }

  /// Appends the row ``next()`` reads.
  package mutating func appendNext(
    to values: inout [CellValue], width: Int
  ) throws(TableInputError) -> Bool {
    let first = values.count
    guard let row = try next() else { return false }
    values.append(contentsOf: row)
    values.fitRow(from: first, width: width)
    return true
  }
}

extension [CellValue] {
  /// Makes the row that starts at `first` and runs to the end exactly `width` values long:
  /// values beyond `width` are dropped, missing ones are empty.
  mutating func fitRow(from first: Int, width: Int) {
    while count - first > width { removeLast() }
    while count - first < width { append(.empty) }
  }
}
