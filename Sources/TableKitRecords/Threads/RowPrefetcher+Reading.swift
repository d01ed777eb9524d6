import TableKit

extension RowPrefetcher {
  /// The reading thread of a ``RowPrefetcher``: fills batches from the reader and hands them
  /// over, until the input ends, fails, or the renderer cancels.
  ///
  /// Only the reading thread uses it once it starts, including from the input's
  /// ``ByteInput/willRead``, which is called on that thread while the reader reads.
  final class Reading {
    /// The reader, until ``run()`` takes it.
    private var reader: (any RecordReader)?
    private let input: ByteInput?
    private let prefetcher: RowPrefetcher
    private let width: Int
    private let batchSize: Int
    /// The batch being filled.
    private var pending: RecordBatch
    /// Whether ``ByteInput/willRead`` hands over `pending`, which then cannot be lent to the
    /// reader while it reads.
    private let handsOverBeforeReads: Bool

    /// The reading of `reader`, not yet started.
    init(reader: any RecordReader, input: ByteInput?, batchSize: Int, prefetcher: RowPrefetcher) {
      self.reader = reader
      self.input = input
      self.prefetcher = prefetcher
      self.batchSize = batchSize
      width = reader.columns.count
      pending = RecordBatch(width: width)
      // A file's reads do not wait for a writer: its batches are handed over when full.
      handsOverBeforeReads = input.map { !$0.isRewindable } ?? false
      if handsOverBeforeReads {
        input?.willRead = { [unowned self] in
          guard pending.rowCount > 0 else { return }
          _ = handOver(ending: nil)
        }
      }
    }

    /// Fills batches until the input ends, fails, or the renderer cancels.
    func run() {
      // The reader is local while rows are read: a class's properties are checked for
      // exclusive access on every use.
      guard var reader = reader.take() else { return }
      var row: [CellValue] = []
      row.reserveCapacity(width)
      while true {
        let ending: Machine.Ending?
        do {
          let ended =
            handsOverBeforeReads
            ? try fillPendingRowByRow(from: &reader, through: &row)
            : try fillPendingInPlace(from: &reader)
          ending = ended ? .endOfInput : nil
        } catch {
          ending = .failure(error)
        }
        guard handOver(ending: ending) else { return }
      }
    }

    /// Over a file: reads rows straight into `pending`, moved into a local while it fills.
    ///
    /// - Returns: Whether the input ended.
    private func fillPendingInPlace(from reader: inout any RecordReader) throws(TableInputError)
      -> Bool
    {
      var batch = RecordBatch(width: width)
      swap(&batch, &pending)
      defer { swap(&batch, &pending) }
      batch.reserveCapacity(rows: batchSize)
      while batch.rowCount < batchSize {
        guard try batch.read(from: &reader) else { return true }
      }
      return false
    }

    /// Over a pipe: reads each row into `row`, reused, then copies it into `pending`, which is
    /// not lent to the reader here because the reader may hand it over while it reads.
    ///
    /// - Returns: Whether the input ended.
    private func fillPendingRowByRow(
      from reader: inout any RecordReader, through row: inout [CellValue]
    ) throws(TableInputError) -> Bool {
      while pending.rowCount < batchSize {
        row.removeAll(keepingCapacity: true)
        guard try reader.appendNext(to: &row, width: width) else { return true }
        pending.append(row)
      }
      return false
    }

    /// Hands `pending` over if it holds rows (waiting for room), with how the reading ended if
    /// it did.
    ///
    /// - Returns: Whether to read on: `false` once the reading ended or the renderer cancelled.
    private func handOver(ending: Machine.Ending?) -> Bool {
      var batch: RecordBatch?
      if pending.rowCount > 0 {
        batch = pending
        pending = RecordBatch(width: width)
      }
      let action = prefetcher.handOver(&batch, ending: ending) {
        // The data source may use its input again as soon as it learns the reader stopped.
        if handsOverBeforeReads { input?.willRead = nil }
      }
      guard action == .readOn else { return false }
      // A batch given back, emptied here, on the thread that made its values, outside the lock.
      if var emptied = batch.take() {
        emptied.removeAll()
        pending = emptied
      }
      return true
    }
  }
}
