package import TableKit
package import TableKitReports

/// Opens an input as a table the way the command line asks: picks the format, reads it with its
/// reader, and either streams the rows or, when the shape needs every row first (sorting,
/// grouping, a JSON document), holds them.
package struct TableInput {
  /// The format to read; `nil` to pick it by the input's extension and first bytes
  /// (``InputFormat``).
  package var format: InputFormat?
  /// Whether text fields become numbers and booleans by ``ValueInference``.
  package var infers = true
  /// Whether invalid UTF-8 in CSV and TSV becomes U+FFFD rather than an error.
  package var isLossy = false
  /// The most bytes one field and one record may take (128 MiB and 256 MiB by default), so no
  /// input takes unbounded memory.
  package var limits = InputLimits()
  /// How many rows are read first and kept: they decide the columns of JSON records and the
  /// widths of text read from a pipe.
  package var sample = 1_000
  /// How many rows the reading thread hands over at a time (``RowPrefetcher``); tests make it
  /// small, so a short table crosses between the threads many times.
  package var readAheadRows = 4_096
  /// When the rows of a CSV, TSV or JSON Lines file are read and rendered in chunks on two threads
  /// (``ChunkedFileRows``): with two processors, by default.
  package var chunking = Chunking.withSeveralProcessors
  /// The nominal bytes in each of those chunks.
  package var chunkSize = 1 << 20
  /// The columns, order, groups, title and footer asked for.
  package var shaping = TableShaping()
  /// The columns whose fields are read by a declared type (`--column NAME=TYPE`).
  ///
  /// CSV and TSV only: a field that does not hold its type is an error at its line and column.
  /// Files with declared types are read by one reader, not in chunks.
  package var columnTypes: [(column: String, parser: ValueParser)] = []

  /// When a file's rows are read in chunks on two threads.
  package enum Chunking: Sendable {
    /// Never: one reader, on a thread of its own when there are two processors.
    case never
    /// When the machine has two processors or more; on one, the second thread cannot help.
    case withSeveralProcessors
    /// Always, so that tests run the chunked path on a machine with one processor too.
    case always
  }

  /// Creates the default way of reading: format guessed, values inferred, a sample of 1,000.
  package init() {}

  /// A table opened from an input.
  package struct Opened {
    /// The rows, streamed or held.
    package var dataSource: any TableDataSource
    /// The table's title.
    package var title: String?
    /// The streamed rows, when they stream: check its error after rendering.
    package var stream: RecordStreamDataSource?
    /// The format read.
    package var format: InputFormat
  }

  /// Opens `input` and reads what the table needs before its first row is shown.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - path: The file's path, for its extension; `nil` for standard input.
  /// - Returns: The table.
  /// - Throws: ``TableInputError`` naming the input, where and what is wrong.
  package func open(_ input: ByteInput, path: String?) throws(TableInputError) -> Opened {
    let format: InputFormat
    if let chosen = self.format ?? path.flatMap(InputFormat.byExtension(of:)) {
      format = chosen
    } else {
      format = InputFormat.guess(from: try input.peek(1 << 16))
    }
    let makeReader: RecordStreamDataSource.ReaderFactory
    var chunkedReading: ChunkedReading?
    switch format {
    case .csv, .tsv:
      let dialect: DelimitedRecordReader.Dialect = format == .csv ? .csv : .tsv
      let types = columnTypes
      makeReader = { _ throws(TableInputError) in
        var reader = try DelimitedRecordReader(
          input: input, dialect: dialect, infers: infers, isLossy: isLossy, limits: limits)
        if !types.isEmpty { try reader.declareTypes(types) }
        return reader
      }
      let (infersValues, lossy, chunkLimits) = (infers, isLossy, limits)
      chunkedReading =
        !types.isEmpty
        ? nil
        : input.sharedFile.map { file in
          ChunkedReading(
            file: file, chunkSize: chunkSize, onOneProcessor: self.chunking == .always
          ) { part, start, columns in
            DelimitedRecordReader(
              input: part, resumingAt: start, columns: columns, dialect: dialect,
              infers: infersValues, isLossy: lossy, limits: chunkLimits)
          }
        }
    case .jsonl:
      guard columnTypes.isEmpty else { throw typesNeedText(input, format) }
      let selection = shaping.streamedColumns
      makeReader = { columns throws(TableInputError) in
        try JSONRecordReader(
          input: input, layout: .lines, columns: columns ?? selection, limits: limits)
      }
      // A part of the file starts after a line break, between records (see
      // JSONRecordReader.init(input:resumingAt:columns:ignoresUnknownKeys:sampled:limits:)).
      let (ignoresUnknownKeys, sampled, chunkLimits) = (selection != nil, max(sample, 1), limits)
      chunkedReading = input.sharedFile.map { file in
        ChunkedReading(
          file: file, chunkSize: chunkSize, onOneProcessor: self.chunking == .always
        ) { part, start, columns in
          JSONRecordReader(
            input: part, resumingAt: start, columns: columns,
            ignoresUnknownKeys: ignoresUnknownKeys, sampled: sampled, limits: chunkLimits)
        }
      }
    case .json:
      guard columnTypes.isEmpty else { throw typesNeedText(input, format) }
      if Self.firstByte(of: try input.peek(1 << 12)) == UInt8(ascii: "{") {
        return try openDocument(input, format: format)
      }
      let selection = shaping.streamedColumns
      makeReader = { columns throws(TableInputError) in
        try JSONRecordReader(
          input: input, layout: .array, columns: columns ?? selection, limits: limits)
      }
    }
    let rewinds: RecordStreamDataSource.ReaderFactory?
    if input.isRewindable {
      rewinds = { columns throws(TableInputError) in
        try input.rewind()
        return try makeReader(columns)
      }
    } else {
      rewinds = nil
    }
    let records = try openRecords(
      inputName: input.name, input: input, rewinds: rewinds, chunkedReading: chunkedReading,
      makeReader: makeReader)
    return Opened(
      dataSource: records.dataSource, title: records.title, stream: records.stream, format: format)
  }

  /// A table read record by record: its rows and title, and the stream when they stream.
  package struct Records {
    /// The rows, streamed or held.
    package var dataSource: any TableDataSource
    /// The table's title.
    package var title: String?
    /// The streamed rows, when they stream: check its error after rendering.
    package var stream: RecordStreamDataSource?

    /// A table with its parts.
    ///
    /// - Parameters:
    ///   - dataSource: The rows.
    ///   - title: The title.
    ///   - stream: The streamed rows, when they stream.
    package init(
      dataSource: any TableDataSource, title: String?, stream: RecordStreamDataSource? = nil
    ) {
      self.dataSource = dataSource
      self.title = title
      self.stream = stream
    }
  }

  /// The rows `makeReader`'s readers read, shaped as ``shaping`` asks: held in memory when the
  /// shape needs every row first (sorting, grouping input not grouped already), else streamed
  /// (in groups, ``GroupedRecordStream``, when the input is grouped already).
  ///
  /// - Parameters:
  ///   - inputName: The input as messages name it.
  ///   - input: The byte input the readers read, if any (see ``RecordStreamDataSource``).
  ///   - rewinds: Makes a reader from the start again; `nil` when the input is read once.
  ///   - chunkedReading: How to read parts of a file on other threads, if it can be.
  ///   - makeReader: Makes the first reader.
  /// - Returns: The table.
  /// - Throws: ``TableInputError`` from the reader, or for a column it lacks.
  package func openRecords(
    inputName: String, input: ByteInput?, rewinds: RecordStreamDataSource.ReaderFactory?,
    chunkedReading: ChunkedReading?, makeReader: RecordStreamDataSource.ReaderFactory
  ) throws(TableInputError) -> Records {
    if shaping.needsAllRows {
      var reader = try makeReader(nil)
      var rows: [[CellValue]] = []
      while let row = try reader.next() {
        rows.append(row)
        // Counted every few thousand rows, not for each.
        if rows.count & 4095 == 0 { input?.progress?.reach(row: rows.count) }
      }
      input?.progress?.reach(row: rows.count)
      let columns = reader.columns
      for index in rows.indices where rows[index].count < columns.count {
        rows[index] += repeatElement(.empty, count: columns.count - rows[index].count)
      }
      let document = JSONTableDocument(
        columns: columns, sections: [JSONTableDocument.Section(rows: rows)])
      let shaped = try shaping.apply(to: document, inputName: inputName)
      return Records(dataSource: shaped.makeController().dataSource, title: shaped.title)
    }
    if let groupBy = shaping.groupBy {
      // Input grouped already: its groups stream, each checked as it is read.
      let grouped: RecordStreamDataSource.ReaderFactory = { columns throws(TableInputError) in
        GroupedRecordReader(try makeReader(columns), groupedBy: groupBy, inputName: inputName)
      }
      var rewindsGrouped: RecordStreamDataSource.ReaderFactory?
      if let rewinds {
        rewindsGrouped = { columns throws(TableInputError) in
          GroupedRecordReader(try rewinds(columns), groupedBy: groupBy, inputName: inputName)
        }
      }
      let stream = try RecordStreamDataSource(
        inputName: inputName, sample: sample, selection: shaping.columns, footer: nil,
        countsRows: false, rewinds: rewindsGrouped, input: input, readAheadRows: readAheadRows,
        excluding: groupBy, makeReader: grouped)
      let groups = try GroupedRecordStream(
        rows: stream, groupedBy: groupBy, shaping: shaping, inputName: inputName)
      return Records(dataSource: groups, title: shaping.title, stream: stream)
    }
    let stream = try RecordStreamDataSource(
      inputName: inputName, sample: sample, selection: shaping.columns,
      footer: shaping.footer, countsRows: shaping.countsRows, rewinds: rewinds, input: input,
      readAheadRows: readAheadRows, chunking: chunking == .never ? nil : chunkedReading,
      makeReader: makeReader)
    return Records(dataSource: stream, title: shaping.title, stream: stream)
  }

  /// Reads a whole JSON table document (`{"columns": …}`), then shapes it.
  private func openDocument(_ input: ByteInput, format: InputFormat) throws(TableInputError)
    -> Opened
  {
    let name = input.name
    let nextChunk: () throws(JSONTableError) -> [UInt8]? = {
      () throws(JSONTableError) -> [UInt8]? in
      var chunk: [UInt8] = []
      do throws(TableInputError) {
        guard try input.read(appendingTo: &chunk) > 0 else { return nil }
      } catch {
        guard case .cannotRead(let why) = error.reason else { return nil }
        throw JSONTableError(path: name, position: nil, reason: .cannotRead(why))
      }
      return chunk
    }
    let document: JSONTableDocument
    do {
      document = try JSONTableDocument(
        path: name, maximumTokenBytes: limits.maximumFieldBytes, nextChunk: nextChunk)
    } catch {
      throw TableInputError(error)
    }
    input.progress?.reach(row: document.sections.reduce(0) { $0 + $1.rows.count })
    let shaped = try shaping.apply(to: document, inputName: input.name)
    return Opened(
      dataSource: shaped.makeController().dataSource, title: shaped.title, format: format)
  }

  /// The error for declared column types on an input whose values carry their own.
  private func typesNeedText(_ input: ByteInput, _ format: InputFormat) -> TableInputError {
    TableInputError(
      path: input.name, position: nil, reason: .typesNeedText(format: format.rawValue))
  }

  /// The first byte that is not whitespace or a byte order mark.
  private static func firstByte(of bytes: [UInt8]) -> UInt8? {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count,
      [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(
        bytes[index])
    {
      index += 1
    }
    return index < bytes.count ? bytes[index] : nil
  }
}
