import TableKit

extension HTMLTableRenderer {
  /// Writes a data row whose type has no HTML representation, its start tag, cells and end,
  /// as one raw write.
  ///
  /// Each column's start tags (plain and numeric, with the end tag of the cell before it) are
  /// picked once per table into memory the writer borrows for the render
  /// (``withWriter(alignments:_:)``), so a row copies no array and retains nothing; a row's
  /// budget is worked out value by value first (``budget(of:)``), then every tag and value is
  /// stored in place with no check of the room in between
  /// (``OutputBuffer/writeUnsafeBytes(budget:_:)``).
  struct RowWriter {
    /// Each column's cell start tags: plain at `2 × column`, numeric at `2 × column + 1`.
    private let cellStarts: UnsafeBufferPointer<StaticString>
    /// The longest start tags of every column together, the fixed part of a row's budget.
    private let longestStarts: Int
    /// The end of a row: `</td></tr>` and a line feed, or `</tr>` and one for a row of no cells.
    private let rowEnd: StaticString

    /// Calls `body` with a writer for columns aligned as `alignments`, whose start tags live in
    /// temporary memory for the call.
    static func withWriter<Result>(
      alignments: [ColumnDefinition.Alignment],
      _ body: (RowWriter) -> Result
    ) -> Result {
      withUnsafeTemporaryAllocation(of: StaticString.self, capacity: 2 * alignments.count) {
        storage in
        var longestStarts = 0
        for (column, alignment) in alignments.enumerated() {
          let plain = HTMLTableRenderer.cellStart(
            isFirst: column == 0, alignment, isNumeric: false)
          let numeric = HTMLTableRenderer.cellStart(
            isFirst: column == 0, alignment, isNumeric: true)
          storage.initializeElement(at: 2 * column, to: plain)
          storage.initializeElement(at: 2 * column + 1, to: numeric)
          longestStarts += max(plain.utf8CodeUnitCount, numeric.utf8CodeUnitCount)
        }
        // `StaticString` is trivial: the elements need no deinitialization.
        return body(
          RowWriter(
            cellStarts: UnsafeBufferPointer(storage), longestStarts: longestStarts,
            rowEnd: alignments.isEmpty ? "</tr>\n" : "</td></tr>\n"))
      }
    }

    /// Writes `rowStart` (the row's `<tr>` tag), `values` (one a column) as the row's cells,
    /// and the row's end.
    ///
    /// A text longer than ``HTMLEscaping/longestInPlace`` makes the row go cell by cell, each
    /// text written run by run, so no row needs room six times a long text.
    ///
    /// - Parameters:
    ///   - rowStart: The UTF-8 of the row's start tag.
    ///   - values: The row's values, at most one a column.
    ///   - output: Where the HTML goes.
    @inline(__always)
    func write(
      rowStart: UnsafeBufferPointer<UInt8>,
      _ values: UnsafeBufferPointer<CellValue>,
      into output: inout OutputBuffer
    ) {
      let count = min(values.count, cellStarts.count / 2)
      // Budget: the row's start tag, every column's longest start tag, the row's end, and each
      // value's longest form.
      var budget = rowStart.count + longestStarts + rowEnd.utf8CodeUnitCount
      for column in 0..<count {
        guard let valueBudget = Self.budget(of: values[column]) else {
          output.write(utf8: rowStart)
          writeCellByCell(values, count: count, into: &output)
          return
        }
        budget += valueBudget
      }
      output.writeUnsafeBytes(budget: budget) { room in
        var next = room.start
        if let start = rowStart.baseAddress {
          OutputBuffer.copy(rowStart.count, from: start, to: next)
          next += rowStart.count
        }
        for column in 0..<count {
          next += OutputBuffer.store(
            cellStarts[2 * column + (values[column].isNumeric ? 1 : 0)], at: next)
          next += Self.store(values[column], at: next)
        }
        next += OutputBuffer.store(rowEnd, at: next)
        return next - room.start
      }
    }

    /// Writes the row an ordinary write at a time: for rows with a long text.
    private func writeCellByCell(
      _ values: UnsafeBufferPointer<CellValue>, count: Int, into output: inout OutputBuffer
    ) {
      for column in 0..<count {
        output.write(cellStarts[2 * column + (values[column].isNumeric ? 1 : 0)])
        HTMLTableRenderer.writeValue(values[column], into: &output)
      }
      output.write(rowEnd)
    }

    /// The most bytes ``store(_:at:)`` stores for `value`, or `nil` for a text too long to
    /// escape in place or without contiguous UTF-8 (bridged from Objective-C).
    @inline(__always)
    private static func budget(of value: CellValue) -> Int? {
      switch value {
      case .text(let text):
        let count = text.utf8.count
        guard count <= HTMLEscaping.longestInPlace, text.isContiguousUTF8 else { return nil }
        return HTMLEscaping.longestEscaped(count)
      case .integer: return OutputBuffer.longestInteger
      case .decimal: return OutputBuffer.longestDecimal
      case .exactDecimal: return OutputBuffer.longestExactDecimal
      case .money, .percent:
        return OutputBuffer.longestExactDecimal + OutputBuffer.longestUnitSuffix
      // A date is written cell by cell, as its escaped written text.
      case .date: return nil
      case .boolean: return 5
      case .empty: return 0
      }
    }

    /// Stores `value` as cell content at `target` (room for ``budget(of:)``) and returns its
    /// length: text escaped, numbers as digits, booleans as words, the empty value as nothing.
    @inline(__always)
    private static func store(_ value: CellValue, at target: UnsafeMutablePointer<UInt8>) -> Int {
      OutputBuffer.store(value, at: target, text: HTMLEscaping.storeEscaped) { _ in 0 }
    }
  }
}
