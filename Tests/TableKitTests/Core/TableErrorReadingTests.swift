import Foundation
import TableKit
import Testing

/// A table of two sections of two rows each, with a will-select that can be told to redirect.
private final class TwoByTwoDataSource: TableDataSource {
  var redirect: TablePosition?
  var numberOfSections: Int { 2 }
  func numberOfRows(inSection section: Int) -> Int { 2 }
  func representedObject(at position: TablePosition) -> Any { "\(position)" }
  func willSelectRow(at position: TablePosition) -> TablePosition? { redirect ?? position }
}

@Suite struct TableErrorReadingTests {
  /// Errors of every reason, as a caller meets them.
  static func errors() -> [TableError] {
    let dataSource = TwoByTwoDataSource()
    let table = TableView(dataSource: dataSource)
    var found: [TableError] = []
    for position in [
      TablePosition(section: 5, row: 0), TablePosition(section: -1, row: 1),
      TablePosition(section: 0, row: 9), TablePosition(section: 1, row: -1),
    ] {
      do throws(TableError) {
        _ = try table.cell(at: position)
      } catch {
        found.append(error)
      }
    }
    dataSource.redirect = TablePosition(section: 1, row: 4)
    do throws(TableError) {
      try table.selectRow(at: TablePosition(section: 0, row: 0))
    } catch {
      found.append(error)
    }
    let empty = TableView(dataSource: SectionedDataSource<String>(sections: []))
    do throws(TableError) {
      _ = try empty.numberOfRows(inSection: 0)
    } catch {
      found.append(error)
    }
    return found
  }

  @Test func everyFormOfATableErrorReadsAsItsMessage() {
    let errors = Self.errors()
    #expect(errors.count == 6)
    for error in errors {
      let message = error.description
      #expect(!message.isEmpty)
      #expect(String(describing: error) == message)
      #expect("\(error)" == message)
      #expect(error.localizedDescription == message)
      // The same through the existential a plain `catch` hands over.
      let erased: any Error = error
      #expect(erased.localizedDescription == message)
      #expect(String(describing: erased) == message)
      #expect("\(erased)" == message)
      #expect(!message.contains("operation could not be completed"))
    }
  }

  @Test func aBadSectionNamesTheWholePositionThenTheBounds() {
    let table = TableView(dataSource: TwoByTwoDataSource())
    let error = #expect(throws: TableError.self) {
      try table.cell(at: TablePosition(section: 3, row: 1))
    }
    #expect(
      error?.description
        == "Row 1 in section 3 does not exist: section 3 is past the end; the table has 2 sections (0...1)."
    )
  }

  // The patterns the Getting Started article shows; they must keep compiling as written.

  @Test func typedDoCatchGivesTheReason() {
    let table = TableView(dataSource: TwoByTwoDataSource())
    var reason: TableError.Reason?
    do throws(TableError) {
      _ = try table.cell(at: TablePosition(section: 0, row: 7))
    } catch {
      reason = error.reason  // `error` is a TableError here
    }
    #expect(reason == .rowPastEnd)
  }

  @Test func castingInACatchClauseGivesTheReason() {
    let table = TableView(dataSource: TwoByTwoDataSource())
    var reason: TableError.Reason?
    do {
      _ = try table.cell(at: TablePosition(section: 0, row: 7))
      try checkedElsewhere()
    } catch let error as TableError {
      reason = error.reason
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(reason == .rowPastEnd)
  }
}

/// Something else that throws untyped, so the `do` block above has `any Error` to catch.
private func checkedElsewhere() throws {}
