import Foundation
import TableKit
import TableRender

/// Reads the rest of a CSV or TSV file in chunks on two threads, each chunk parsed and handed to
/// a copy of a ``RowConsumer`` by one thread, and puts the chunks' output back in row order.
///
/// A chunk is the bytes between two cuts: the first cut is the record boundary the rows start
/// at, and each later one is the start of the line after a nominal offset (every
/// ``chunkSize`` bytes). A line start is a record boundary unless a quoted field holds the line
/// break, so a chunk is only trusted once the one before it ended exactly where it starts: the
/// first chunk starts at a true boundary, and a chunk read cleanly from a true boundary ends at
/// one. A CSV or TSV reader finishes the record its chunk's end cuts, reading on past the cut
/// (``RecordReader/endAtRecordBoundary(from:)``), so its chunk ends at a true boundary whatever
/// the cut; when that is not where the next chunk started (the cut fell inside a quoted field,
/// and the next chunk was read from there, maybe with an error), the writer reads that chunk
/// again from the true boundary, and the run goes on. A chunk that fails although it started
/// at a true boundary (a malformed record, or a JSON record over lines across its end) stops
/// the run: what came before it is written, and the caller reads on from its start, one record
/// at a time, where an error is reported with its true line and row.
///
/// At most ``window`` chunks are read ahead of the one being written, so memory stays flat.
struct ChunkedFileRows {
  /// Makes a reader of one chunk: its input, and the point it starts at.
  typealias ReaderFactory = @Sendable (_ input: ByteInput, _ start: ResumePoint) -> any RecordReader

  /// The file.
  let file: SharedFile
  /// The record boundary the rows start at.
  let start: ResumePoint
  /// Values in each row the readers read.
  let width: Int
  /// For each value a consumer is given, its index in a row read; `nil` for every value.
  let projection: [Int]?
  /// Makes each chunk's reader.
  let makeReader: ReaderFactory
  /// The nominal bytes in a chunk.
  let chunkSize: Int
  /// Where the rows and bytes taken are counted, chunk by chunk in order (``ReadProgress``).
  ///
  /// `nil` for nowhere. Chunks read ahead, or read again, count only once taken.
  var progress: ReadProgress?
  /// The chunks that may be read ahead of the one being written.
  var window = 4
  /// The cuts' searches for line starts, shared by both threads.
  let lineStarts = LineStartCache()

  /// How a run ended.
  struct Outcome<Consumer: RowConsumer> {
    /// The rows handed to consumers, and the consumer given to the run, having absorbed every
    /// chunk's copy in order.
    var consumed: ConsumedRows<Consumer>
    /// Where the rows not handed over start, when the run stopped at a chunk it could not
    /// read; `nil` when every row to the end of the file was handed over.
    var stoppedAt: ResumePoint?
  }

  /// Hands every row from ``start`` on to copies of `consumer`, on this thread and one more.
  ///
  /// - Parameters:
  ///   - consumer: The consumer each chunk copies; the outcome holds it, having absorbed every
  ///     copy in order.
  ///   - output: Where the chunks' bytes go, in order.
  /// - Returns: The rows handed over, the consumer that absorbed them, and where the run
  ///   stopped if it did.
  func run<Consumer: RowConsumer>(
    with consumer: Consumer, into output: inout OutputBuffer
  ) -> Outcome<Consumer> {
    let shared = ChunkQueue(plan: self, prototype: consumer)
    let worker = Thread { shared.work() }
    worker.name = "tablekit chunks"
    worker.start()
    defer { shared.stopAndWait() }
    var consumed = ConsumedRows(count: 0, consumer: consumer)
    var point = start
    while true {
      switch shared.writerNext() {
      case .read(let index):
        shared.read(index)
      case .finish, .wait:
        // Cannot happen: the last chunk ends the run, and the queue waits itself and never
        // returns `wait`. Debug builds stop here; a release build ends the run where it got to
        // (the rows not written are read row by row from there), never waits forever.
        assertionFailure("the chunk queue finished or waited before a chunk ended the run")
        return Outcome(consumed: consumed, stoppedAt: point)
      case .write(var chunk):
        if chunk.start != point.byteOffset || chunk.failed && chunk.readOnBounded {
          // Read from a cut inside a record, or stopped reading on: again, from where the
          // chunk before ended, reading on as far as its last record needs.
          chunk = process(chunk.index, prototype: consumer, from: point.byteOffset)
        }
        if chunk.isPastEnd { return Outcome(consumed: consumed, stoppedAt: nil) }
        guard !chunk.failed else { return Outcome(consumed: consumed, stoppedAt: point) }
        chunk.bytes.withUnsafeBufferPointer { output.write(utf8: $0) }
        shared.recycle(&chunk.bytes)
        consumed.consumer.absorb(chunk.consumer)
        consumed.count += chunk.rows
        point = ResumePoint(
          byteOffset: chunk.end, line: point.line + chunk.lines, row: point.row + chunk.rows)
        progress?.reach(byte: point.byteOffset)
        progress?.reach(row: point.row)
      }
    }
  }

  /// Where chunk `index` starts: ``start`` for the first, else the start of the first line
  /// that begins after its nominal offset (the file's end when there is none).
  func cut(_ index: Int) -> Int {
    if index == 0 { return start.byteOffset }
    let nominal = start.byteOffset + index * chunkSize
    guard nominal < file.size else { return file.size }
    return lineStarts.lineStart(after: nominal - 1, in: file) ?? file.size
  }

  /// Reads chunk `index` and hands its rows to a copy of `prototype`.
  ///
  /// - Parameters:
  ///   - index: The chunk.
  ///   - prototype: The consumer copied for it.
  ///   - start: Where to read from, when not at the chunk's cut: the true record boundary the
  ///     chunk before ended at.
  ///   - spare: An array whose storage holds the chunk's output, when one is free: a new one
  ///     for every chunk made the kernel zero fresh pages, a twentieth of a Markdown table's time.
  /// - Returns: What the consumer's copy wrote, and where the chunk ends.
  func process<Consumer: RowConsumer>(
    _ index: Int, prototype: Consumer, from start: Int? = nil,
    reusing spare: consuming [UInt8] = []
  ) -> Chunk<Consumer> {
    let lower = start ?? cut(index)
    guard lower < file.size else {
      var chunk = Chunk(isPastEnd: true, consumer: prototype)
      (chunk.index, chunk.start) = (index, lower)
      return chunk
    }
    let upper = max(cut(index + 1), lower)
    let collector = ByteCollector(reusing: &spare, capacity: upper - lower + (upper - lower) / 2)
    var output = OutputBuffer(sink: collector)
    // Lines and rows are counted from the chunk's start; only their differences are used.
    var reader = makeReader(
      ByteInput(region: lower..<upper, of: file), ResumePoint(byteOffset: lower, line: 1, row: 0))
    // A reader that finishes the record the cut is in ends at a true boundary. A chunk that may
    // start inside a record (any but the first, unless read again from where the one before
    // ended) reads on at most a chunk's bytes: started inside a quoted field, it could take
    // the field's closing quote for an opening one and read on to the limits, chunk after
    // chunk of one long field.
    let readOnBounded = start == nil && index > 0
    let readOnLimit = readOnBounded ? upper + chunkSize : file.size
    let endsAtBoundary = reader.endAtRecordBoundary(from: upper, readingOnTo: readOnLimit)
    // Locals, not fields of the generic result: every use of a field of a generic value looks
    // up its type's layout, a tenth of the time when done for every row.
    var consumer = prototype
    var rows = 0
    var failed = false
    var batch = RecordBatch(width: width)
    let batchRows = 256
    batch.reserveCapacity(rows: batchRows)
    var shown = [CellValue](repeating: .empty, count: projection?.count ?? 0)
    do {
      // A writer that takes fields' bytes is handed them with no values made (CSV from CSV).
      var ended = false
      if projection == nil, var fieldConsumer = consumer as? any FieldBytesConsumer,
        let read = try reader.consumeFieldBytes(with: &fieldConsumer, into: &output)
      {
        rows = read
        consumer = fieldConsumer as? Consumer ?? consumer
        ended = true
      }
      while !ended {
        batch.removeAll()
        while batch.rowCount < batchRows {
          guard try batch.read(from: &reader) else {
            ended = true
            break
          }
        }
        let count = batch.rowCount
        batch.values.withUnsafeBufferPointer { values in
          for row in 0..<count {
            let first = row * width
            if let projection {
              for (index, column) in projection.enumerated() {
                shown[index] = values[first + column]
              }
              shown.withUnsafeBufferPointer { consumer.consume($0, into: &output) }
            } else {
              consumer.consume(
                UnsafeBufferPointer(rebasing: values[first..<first + width]), into: &output)
            }
          }
        }
        rows += count
      }
    } catch {
      failed = true
    }
    output.flush()
    var chunk = Chunk(consumer: consumer)
    (chunk.index, chunk.start) = (index, lower)
    chunk.readOnBounded = endsAtBoundary && readOnBounded
    chunk.rows = rows
    chunk.end = endsAtBoundary ? reader.resumePoint?.byteOffset ?? upper : upper
    // Reading on stopped at its bound: the last record may have been cut there (and read as
    // the file's last), so the chunk is read again.
    chunk.failed =
      failed || chunk.readOnBounded && chunk.end >= readOnLimit && readOnLimit < file.size
    chunk.bytes = collector.bytes
    chunk.lines = (reader.resumePoint?.line ?? 1) - 1
    return chunk
  }

  /// What reading one chunk gave.
  struct Chunk<Consumer: RowConsumer>: Sendable {
    /// The chunk starts at the file's end: there are no more rows.
    var isPastEnd = false
    /// The reader met an error or a quoted field open at the chunk's end.
    var failed = false
    /// The consumer's copy, after the chunk's rows.
    var consumer: Consumer
    /// What the copy wrote.
    var bytes: [UInt8] = []
    /// The chunk's number, and the offset it was read from.
    var index = 0
    var start = 0
    /// Whether its reader read on past its end at most a chunk's bytes: a failure may then be a
    /// long record cut short, not an error.
    var readOnBounded = false
    /// The rows and lines read, and the offset just past the chunk (past its last record).
    var rows = 0
    var lines = 0
    var end = 0
  }
}
