import TableKitRecords
import Testing

/// How many rows the reading thread puts in a batch: fewer when the rows are wide, so the
/// batches waiting hold about the same memory whatever the width.
@Suite struct RowPrefetcherBatchTests {
  @Test(arguments: [
    (asked: 4_096, width: 4, rows: 4_096),
    (asked: 4_096, width: 5, rows: 3_276),
    (asked: 4_096, width: 10, rows: 1_638),
    (asked: 4_096, width: 2_000, rows: 256),
    (asked: 16, width: 10, rows: 16),
    (asked: 4_096, width: 0, rows: 4_096),
    (asked: 0, width: 3, rows: 1),
  ])
  func aBatchHoldsAtMostItsValuesAndAtLeastItsMinimumRows(
    asked: Int, width: Int, rows: Int
  ) {
    #expect(RowPrefetcher.rowsPerBatch(asked: asked, width: width) == rows)
  }

  @Test func noWidthMakesABatchHoldMoreValuesThanTheBoundUnlessItIsAtItsMinimum() {
    for width in 1...3_000 {
      let rows = RowPrefetcher.rowsPerBatch(asked: 4_096, width: width)
      #expect(rows >= RowPrefetcher.minimumBatchRows)
      #expect(
        rows * width <= RowPrefetcher.valuesPerBatch || rows == RowPrefetcher.minimumBatchRows)
    }
  }
}
