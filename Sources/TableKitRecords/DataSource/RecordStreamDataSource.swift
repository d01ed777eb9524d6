package import TableKit
package import TableRender

/// The rows of a ``RecordReader`` as a table read front to back while it is rendered, so CSV,
/// TSV, JSON arrays and JSON Lines of any length render in constant memory.
///
/// It reads the first `sample` rows when created: they decide the columns of records whose keys
/// make the columns, and they stay in memory so a renderer can read them twice (Markdown's
/// alignment, text's column widths). Over a file the whole input can be read again (the reader
/// is made anew from the file's start), so text measures every row; over a pipe only the kept
/// rows can be, so text measures those and cuts later, wider values to fit.
///
/// Rows after the kept ones are read in batches of thousands on a thread of their own
/// (``RowPrefetcher``), so that parsing and rendering share two cores; on a machine with one
/// processor they are read on the rendering thread as each is drawn. A read error after
/// rendering began ends the rows there; ``error`` holds it for the caller to report once the
/// renderer returns.
///
/// Its state is used by the rendering thread alone and never by two accesses at once, so its
/// stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): with
/// them, a class's properties are checked on every use, which cost a tenth of a Markdown
/// table's time at a million rows.
package final class RecordStreamDataSource: StreamedTableDataSource {
  /// Makes a reader from the start of the input; given the columns once they are fixed.
  package typealias ReaderFactory = (_ columns: [String]?) throws(TableInputError) ->
    any RecordReader

  package let columns: [ColumnDefinition]
  /// The error that ended the rows early, if one did.
  @exclusivity(unchecked) package private(set) var error: TableInputError?

  /// The reader, while rows are read on this thread; `nil` while ``prefetcher`` has it.
  @exclusivity(unchecked) private var reader: (any RecordReader)?
  /// Reads rows ahead on a second thread, once rows after the kept ones are asked for.
  @exclusivity(unchecked) private var prefetcher: RowPrefetcher?
  /// The rows read after the kept ones, and the index in it of the next row to hand out.
  @exclusivity(unchecked) private var batch: RecordBatch
  @exclusivity(unchecked) private var batchRow = 0
  private let input: ByteInput?
  private let readAheadRows: Int
  private let inputName: String
  private let makeReader: ReaderFactory?
  /// The reader's columns, shown or not.
  package let readerColumns: [String]
  /// For each shown column, its index in the reader's columns.
  private let projection: [Int]
  private let isIdentity: Bool
  @exclusivity(unchecked) private var kept: [[CellValue]] = []
  /// The current row: a kept one's index, or where its values start in ``batch``.
  @exclusivity(unchecked) private var current = Current.kept(0)
  /// Whether the current row's values were moved into a cell (see ``configureCell(_:at:)``).
  @exclusivity(unchecked) private var handedOver = false
  /// The index the reader's next row has.
  @exclusivity(unchecked) private var readerRow = 0
  /// Whether the reader reached the end, and the number of rows then.
  @exclusivity(unchecked) private var total: Int?
  private let footerText: String?
  private let countsRows: Bool
  /// How parts of the file are read on other threads; `nil` for a pipe or a format that cannot.
  private let chunking: ChunkedReading?
  /// Where the rows after the kept ones start, when the reader can say.
  private let keptEnd: ResumePoint?
  /// Where the rows read are counted, batch by batch: the input's (``ByteInput/progress``)
  /// when it had one as the table was opened.
  private let progress: ReadProgress?

  /// Opens the table: reads up to `sample` rows and fixes the columns.
  ///
  /// - Parameters:
  ///   - inputName: The input as messages name it.
  ///   - sample: How many rows to read first and keep.
  ///   - selection: The columns to show, in order, by title; `nil` for all.
  ///   - footer: Text below the rows.
  ///   - countsRows: Whether the footer says how many rows there were.
  ///   - rewinds: Makes a reader from the input's start again, for a file; `nil` for a pipe.
  ///   - input: The input the readers read, so rows read ahead are handed over before a read
  ///     that may wait; `nil` to hand them over in full batches only.
  ///   - readAheadRows: How many rows the reading thread hands over at a time.
  ///   - chunking: How to read parts of the file on other threads (``ParallelRowSource``);
  ///     `nil` to read rows one after another only.
  ///   - excluding: A column read but not shown (the column a ``GroupedRecordStream`` groups
  ///     by), by title; `nil` for none.
  ///   - makeReader: Makes the first reader.
  /// - Throws: ``TableInputError`` from the reader, or for a selected column it lacks.
  package init(
    inputName: String, sample: Int, selection: [String]?, footer: String?, countsRows: Bool,
    rewinds: ReaderFactory?, input: ByteInput? = nil, readAheadRows: Int = 4_096,
    chunking: ChunkedReading? = nil, excluding: String? = nil, makeReader: ReaderFactory
  ) throws(TableInputError) {
    var reader = try makeReader(nil)
    let keep = max(sample, 1)
    var kept: [[CellValue]] = []
    while kept.count < keep, let row = try reader.next() { kept.append(row) }
    if kept.count < keep { total = kept.count }
    reader.fixColumns()
    readerRow = kept.count
    keptEnd = reader.resumePoint
    progress = input?.progress
    progress?.reach(row: kept.count)
    self.chunking = rewinds == nil ? nil : chunking
    self.kept = kept
    self.reader = reader
    self.input = input
    self.readAheadRows = readAheadRows
    self.inputName = inputName
    self.makeReader = rewinds
    let available = reader.columns
    var projection = try Self.projection(of: selection, in: available, path: inputName)
    if let excluding { projection.removeAll { available[$0] == excluding } }
    readerColumns = available
    batch = RecordBatch(width: available.count)
    self.projection = projection
    isIdentity = projection == Array(available.indices)
    columns = projection.map { ColumnDefinition(available[$0]) }
    footerText = footer
    self.countsRows = countsRows
  }

  /// The indices of `selection` in `available`, all of them for `nil`.
  package static func projection(
    of selection: [String]?, in available: [String], path: String
  ) throws(TableInputError) -> [Int] {
    guard let selection else { return Array(available.indices) }
    var indices: [Int] = []
    for name in selection {
      guard let index = available.firstIndex(of: name) else {
        throw TableInputError(
          path: path, position: nil, reason: .unknownColumn(name, available: available))
      }
      indices.append(index)
    }
    return indices
  }

  package var rereadableRowCount: Int {
    makeReader != nil || total != nil ? Int.max : kept.count
  }

  package var numberOfSections: Int { 1 }

  package func numberOfRows(inSection section: Int) -> Int { section == 0 ? kept.count : 0 }

  package func loadRow(_ row: Int) -> Bool {
    guard error == nil, row >= 0 else { return false }
    handedOver = false
    if row < kept.count {
      current = .kept(row)
      return true
    }
    if let total, row >= total { return false }
    do {
      if row < readerRow {
        guard let makeReader else { return false }
        // The old reader shares the input, which is about to move back to its start.
        prefetcher?.cancel(waiting: true)
        prefetcher = nil
        batch = RecordBatch(width: readerColumns.count)
        batchRow = 0
        var reader = try makeReader(readerColumns)
        reader.fixColumns()
        self.reader = reader
        readerRow = 0
      }
      while true {
        guard let start = try nextRow() else {
          total = readerRow
          return false
        }
        readerRow += 1
        if readerRow > row {
          current = .read(start: start, row: row)
          return true
        }
      }
    } catch {
      self.error = error
      return false
    }
  }

  deinit {
    prefetcher?.cancel(waiting: false)
  }

  /// Reads the next row: hands out the batch's next one, or takes the prefetcher's next batch
  /// (starting it the first time), or, on one processor, reads one row into the batch here.
  ///
  /// - Returns: Where the row's values start in ``batch``; `nil` at the end of the rows.
  private func nextRow() throws(TableInputError) -> Int? {
    if batchRow < batch.rowCount {
      batchRow += 1
      return (batchRow - 1) * batch.width
    }
    if prefetcher == nil, RowPrefetcher.isWorthwhile, let reader = reader.take() {
      prefetcher = RowPrefetcher(reader: reader, input: input, batchSize: readAheadRows)
    }
    if let prefetcher {
      // Moved out first, so the prefetcher owns the only reference and reuses its storage.
      var drawn = RecordBatch(width: batch.width)
      swap(&drawn, &batch)
      guard let next = try prefetcher.nextBatch(givingBack: drawn) else { return nil }
      batch = next
    } else {
      guard var reader = reader.take() else { return nil }
      defer { self.reader = reader }
      batch.removeAll()
      guard try batch.read(from: &reader) else { return nil }
    }
    progress?.reach(row: readerRow + batch.rowCount)
    batchRow = 1
    return 0
  }

  /// The loaded row's value in the reader's column `column` (shown or not), before
  /// ``configureCell(_:at:)`` moves the row's values out; empty for a column the row lacks.
  ///
  /// - Parameter column: The index in ``readerColumns``.
  /// - Returns: The value.
  package func loadedValue(inReaderColumn column: Int) -> CellValue {
    switch current {
    case .kept(let index):
      return column < kept[index].count ? kept[index][column] : .empty
    case .read(let start, _):
      return handedOver || column >= batch.width ? .empty : batch.values[start + column]
    }
  }

  /// A row's values for the shown columns, missing ones empty.
  private func shown(_ values: [CellValue]) -> [CellValue] {
    if isIdentity && values.count == readerColumns.count { return values }
    return projection.map { $0 < values.count ? values[$0] : .empty }
  }

  package func representedObject(at position: TablePosition) -> Any { StreamedRow() }

  package func cell(at position: TablePosition) -> Cell {
    switch current {
    case .kept(let index):
      return Cell("", values: shown(kept[index]))
    case .read(let start, let row):
      guard let start = valuesStart(start, row: row) else {
        return Cell("", values: Array(repeating: .empty, count: projection.count))
      }
      return Cell("", values: projection.map { batch.values[start + $0] })
    }
  }

  /// Fills the renderer's reused cell with the current row.
  ///
  /// A row read after the kept ones has its values moved into the cell, exchanged with the
  /// cell's old ones, rather than copied: no reference counting on the rendering thread, and
  /// the old values go back to the reading thread with the batch to be freed there. Renderers
  /// ask once for each loaded row (``StreamedTableDataSource``); asking again reads the row
  /// again from a file, and from a pipe reports an error (its rows after the kept ones are read
  /// once).
  package func configureCell(_ cell: inout Cell, at position: TablePosition) {
    switch current {
    case .kept(let index):
      cell = Cell("", values: shown(kept[index]))
    case .read(let start, let row):
      cell.prepareForReuse("", valueCount: projection.count)
      guard let start = valuesStart(start, row: row) else { return }
      if isIdentity {
        batch.exchangeRow(from: start, with: &cell.values)
        handedOver = true
        return
      }
      batch.values.withUnsafeBufferPointer { values in
        cell.values.withUnsafeMutableBufferPointer { cellValues in
          for index in cellValues.indices {
            cellValues[index] = values[start + projection[index]]
          }
        }
      }
    }
  }

  /// Where the current row's values start in ``batch``: `start`, or, when they were moved into
  /// a cell, where they are once row `row` is read again; `nil` when it cannot be.
  private func valuesStart(_ start: Int, row: Int) -> Int? {
    guard handedOver else { return start }
    guard loadRow(row), case .read(let again, _) = current else {
      if error == nil {
        error = TableInputError(
          path: inputName, position: nil,
          reason: .cannotRead(
            "row \(row + 1) was asked for twice, and the rows of a pipe after the first "
              + "\(kept.count) can be read only once"))
      }
      return nil
    }
    return again
  }

  package func titleForFooter(inSection section: Int) -> String? {
    guard countsRows, let total else { return footerText }
    let count = total == 1 ? "1 row" : "\(total) rows"
    guard let footerText else { return count }
    return "\(footerText) (\(count))"
  }
}

extension RecordStreamDataSource: ParallelRowSource {
  /// Reads the rows after the kept ones (plain records, each a `StreamedRow`) in chunks on two
  /// threads (``ChunkedFileRows``), when
  /// the input is a file that can be cut at line starts and the machine has two processors.
  ///
  /// Where the chunks stop early, the rest is read from that record on, one at a time, by the
  /// usual path: an error there is reported as it would have been.
  package func consume<Consumer: RowConsumer>(
    rowsFrom firstRow: Int, with consumer: Consumer, into output: inout OutputBuffer
  ) -> ConsumedRows<Consumer>? {
    // A table of no columns (JSON objects without keys) is drawn with the layout's default
    // columns, which rows of no values handed to a writer would not fill.
    guard let chunking, let keptEnd, error == nil, firstRow == kept.count,
      total.map({ $0 > kept.count }) ?? true, !readerColumns.isEmpty,
      chunking.onOneProcessor || RowPrefetcher.isWorthwhile
    else { return nil }
    let columns = readerColumns
    let plan = ChunkedFileRows(
      file: chunking.file, start: keptEnd, width: columns.count,
      projection: isIdentity ? nil : projection,
      makeReader: { input, start in chunking.makeReader(input, start, columns) },
      chunkSize: chunking.chunkSize, progress: progress)
    // Counted from where the chunks start: a second run (text measures, then writes) is a
    // second pass.
    progress?.restart(atByte: keptEnd.byteOffset, row: firstRow)
    let outcome = plan.run(with: consumer, into: &output)
    let next = firstRow + outcome.consumed.count
    guard let stopped = outcome.stoppedAt else {
      total = next
      return outcome.consumed
    }
    // Read on from the first record the chunks could not take, one at a time.
    prefetcher?.cancel(waiting: true)
    prefetcher = nil
    batch = RecordBatch(width: columns.count)
    batchRow = 0
    let rest = ByteInput(region: stopped.byteOffset..<chunking.file.size, of: chunking.file)
    rest.progress = progress
    reader = chunking.makeReader(rest, stopped, columns)
    readerRow = next
    return outcome.consumed
  }
}

/// How a ``RecordStreamDataSource`` reads parts of its file on other threads.
package struct ChunkedReading: Sendable {
  /// Makes a reader of a part of the file: its input, the record boundary it starts at, and
  /// the columns.
  package typealias ReaderFactory =
    @Sendable (_ input: ByteInput, _ start: ResumePoint, _ columns: [String]) -> any RecordReader

  /// The file.
  package let file: SharedFile
  /// Makes a reader of a part of it.
  package let makeReader: ReaderFactory
  /// The nominal bytes in a part.
  package let chunkSize: Int
  /// Whether the parts are read on two threads on a machine with one processor too, where
  /// they take turns and gain nothing: for tests of this path.
  package let onOneProcessor: Bool

  /// Reading of `file` in parts, each by a reader `makeReader` makes.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - chunkSize: The nominal bytes in a part (at least 1).
  ///   - onOneProcessor: Whether to read in parts on a machine with one processor too.
  ///   - makeReader: Makes a reader of a part of the file.
  package init(
    file: SharedFile, chunkSize: Int = 1 << 20, onOneProcessor: Bool = false,
    makeReader: @escaping ReaderFactory
  ) {
    self.file = file
    self.chunkSize = max(chunkSize, 1)
    self.onOneProcessor = onOneProcessor
    self.makeReader = makeReader
  }
}

/// Where the current row of a ``RecordStreamDataSource`` is.
private enum Current {
  /// Kept row `index`.
  case kept(Int)
  /// Row `row`, read after the kept ones: its values are in the batch from `start`.
  case read(start: Int, row: Int)
}

/// The object every streamed row represents: the row's values are in its cell.
struct StreamedRow {}
