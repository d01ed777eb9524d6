import TableKit
import TableKitNavigation
import TableKitTesting
import XCTest

/// The same assertions under XCTest.
///
/// Failures arrive through `XCTFail` at the caller's file and line. The test case catches them by
/// overriding `recordFailure`, XCTest's own hook, only inside `capturing`, so a failure that
/// should happen is checked rather than left to fail the run, and the checks' own failures still
/// fail it.
final class XCTestReportingTests: XCTestCase {
  private var caught: [(message: String, file: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    caught.append((description, filePath, lineNumber))
  }

  private func capturing(_ body: () throws -> Void) rethrows {
    isCapturing = true
    defer { isCapturing = false }
    try body()
  }

  func testAWrongRowIsReportedAtTheCallersLine() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("a"), Cell("b")]))
    let line = #line + 1
    capturing { assertRendering(of: table, "  a\n  c") }
    XCTAssertEqual(caught.count, 1)
    XCTAssertEqual(caught.first?.line, line)
    XCTAssertEqual(caught.first?.file, #filePath)
    XCTAssertTrue(
      caught.first?.message.contains("line 2, column 3, row 1 of section 0, differs") ?? false)
  }

  func testAnUnassertedPushFailsAtFinish() throws {
    let stack = try NavigationController(
      root: TableController(title: "Root", dataSource: SectionedDataSource(items: [Cell("a")])))
    let app = NavigationTester(stack)
    try stack.push(
      TableController(title: "Pushed", dataSource: SectionedDataSource(items: [Int]())))
    let line = #line + 1
    capturing { app.finish() }
    XCTAssertEqual(caught.map(\.line), [line])
    XCTAssertTrue(caught.first?.message.contains("push \"Pushed\" (during set-up)") ?? false)
  }

  func testAPassingAssertionReportsNothing() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("a")]))
    capturing { assertRendering(of: table, "  a") }
    XCTAssertTrue(caught.isEmpty)
  }
}
