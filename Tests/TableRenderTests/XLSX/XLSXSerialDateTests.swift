import TableRender
import Testing

@Suite struct XLSXSerialDateTests {
  /// Excel's serial numbers: 1 is 1900-01-01, 59 is 1900-02-28, 60 the fictitious 1900-02-29,
  /// 61 is 1900-03-01; from then on days since 1899-12-30 (Python: (date - date(1899, 12,
  /// 30)).days is 46,354 for 2026-11-28 and 2,958,465 for 9999-12-31, Excel's last day).
  @Test(arguments: [
    (1900, 1, 1, 1), (1900, 2, 28, 59), (1900, 3, 1, 61), (1900, 12, 31, 366),
    (2026, 11, 28, 46_354), (9999, 12, 31, 2_958_465),
  ])
  func serialDays(year: Int, month: Int, day: Int, serial: Int) {
    #expect(XLSXSerialDate.serialDay(year: year, month: month, day: day) == serial)
  }

  @Test func daysBefore1900HaveNoSerial() {
    #expect(XLSXSerialDate.serialDay(year: 1899, month: 12, day: 31) == nil)
    #expect(XLSXSerialDate.serialDay(year: 1, month: 1, day: 1) == nil)
  }
}
