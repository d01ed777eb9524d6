import TableKit
import Testing

/// A data source that records every hook call and can veto or redirect selections.
private final class RecordingDataSource: TableDataSource {
  enum Event: Equatable {
    case willSelect(TablePosition)
    case didSelect(TablePosition, String)
    case didDeselect(TablePosition)
  }

  var sections: [[String]]
  var vetoed: Set<TablePosition> = []
  var redirects: [TablePosition: TablePosition] = [:]
  var unselectable: Set<String> = []
  private(set) var events: [Event] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  var numberOfSections: Int { sections.count }
  func numberOfRows(inSection section: Int) -> Int { sections[section].count }
  func representedObject(at position: TablePosition) -> Any {
    sections[position.section][position.row]
  }

  func cell(at position: TablePosition) -> Cell {
    let text = sections[position.section][position.row]
    return Cell(text, isSelectable: !unselectable.contains(text))
  }

  func willSelectRow(at position: TablePosition) -> TablePosition? {
    events.append(.willSelect(position))
    if vetoed.contains(position) { return nil }
    return redirects[position] ?? position
  }

  func didSelectRow(at position: TablePosition, representing object: Any) {
    events.append(.didSelect(position, object as? String ?? "not a string"))
  }

  func didDeselectRow(at position: TablePosition) {
    events.append(.didDeselect(position))
  }
}

@Suite struct SelectionTests {
  private let a = TablePosition(section: 0, row: 0)
  private let b = TablePosition(section: 0, row: 1)
  private let c = TablePosition(section: 1, row: 0)

  private func makeTable() -> (TableView, RecordingDataSource) {
    let dataSource = RecordingDataSource([["a", "b"], ["c"]])
    return (TableView(dataSource: dataSource), dataSource)
  }

  @Test func didSelectReceivesTheRepresentedObject() throws {
    let (table, dataSource) = makeTable()
    let selected = try table.selectRow(at: b)

    #expect(selected == b)
    #expect(table.selectedPositions == [b])
    #expect(dataSource.events == [.willSelect(b), .didSelect(b, "b")])
  }

  @Test func willSelectCanVeto() throws {
    let (table, dataSource) = makeTable()
    dataSource.vetoed = [b]

    #expect(try table.selectRow(at: b) == nil)
    #expect(table.selectedPositions.isEmpty)
    #expect(dataSource.events == [.willSelect(b)])
  }

  @Test func willSelectCanRedirect() throws {
    let (table, dataSource) = makeTable()
    dataSource.redirects = [a: c]

    #expect(try table.selectRow(at: a) == c)
    #expect(table.selectedPositions == [c])
    #expect(dataSource.events == [.willSelect(a), .didSelect(c, "c")])
  }

  @Test func aRedirectOutOfTheTableIsATypedErrorNamingBothPositions() throws {
    let (table, dataSource) = makeTable()
    let outside = TablePosition(section: 1, row: 5)
    dataSource.redirects = [a: outside]

    let error = #expect(throws: TableError.self) { try table.selectRow(at: a) }
    #expect(error?.reason == .rowPastEnd)
    #expect(error?.position == outside)
    #expect(error?.redirectedFrom == a)
    #expect(
      error?.description
        == "Selecting row 0 in section 0 was redirected by will-select, but: Row 5 in section 1 is past the end: section 1 has 1 row (0)."
    )
    #expect(table.selectedPositions.isEmpty)
  }

  @Test func singleSelectionDeselectsThePreviousRow() throws {
    let (table, dataSource) = makeTable()
    try table.selectRow(at: a)
    try table.selectRow(at: c)

    #expect(table.selectedPositions == [c])
    #expect(
      dataSource.events == [
        .willSelect(a), .didSelect(a, "a"), .willSelect(c), .didDeselect(a), .didSelect(c, "c"),
      ])
  }

  @Test func multipleSelectionKeepsEveryRowInSelectionOrder() throws {
    let (table, dataSource) = makeTable()
    table.allowsMultipleSelection = true
    try table.selectRow(at: c)
    try table.selectRow(at: a)
    try table.selectRow(at: a)

    #expect(table.selectedPositions == [c, a])
    #expect(table.isRowSelected(at: a) && table.isRowSelected(at: c) && !table.isRowSelected(at: b))
    #expect(!dataSource.events.contains { if case .didDeselect = $0 { true } else { false } })
  }

  @Test func turningMultipleSelectionOffKeepsOnlyTheLastSelectedRow() throws {
    let (table, dataSource) = makeTable()
    table.allowsMultipleSelection = true
    try table.selectRow(at: a)
    try table.selectRow(at: b)
    try table.selectRow(at: c)
    table.allowsMultipleSelection = false

    #expect(table.selectedPositions == [c])
    #expect(dataSource.events.suffix(2) == [.didDeselect(a), .didDeselect(b)])
  }

  @Test func deselectionTellsTheDataSourceOnlyForSelectedRows() throws {
    let (table, dataSource) = makeTable()
    table.allowsMultipleSelection = true
    try table.selectRow(at: a)
    try table.selectRow(at: b)
    try table.deselectRow(at: a)
    try table.deselectRow(at: c)

    #expect(table.selectedPositions == [b])
    #expect(dataSource.events.last == .didDeselect(a))
    #expect(
      dataSource.events.filter { if case .didDeselect = $0 { true } else { false } }.count == 1)
  }

  @Test func deselectAllDeselectsEveryRow() throws {
    let (table, dataSource) = makeTable()
    table.allowsMultipleSelection = true
    try table.selectRow(at: a)
    try table.selectRow(at: c)
    table.deselectAll()

    #expect(table.selectedPositions.isEmpty)
    #expect(dataSource.events.suffix(2) == [.didDeselect(a), .didDeselect(c)])
  }

  @Test func unselectableCellsAndDisabledSelectionSelectNothing() throws {
    let (table, dataSource) = makeTable()
    dataSource.unselectable = ["b"]
    #expect(try table.selectRow(at: b) == nil)

    table.allowsSelection = false
    #expect(try table.selectRow(at: a) == nil)
    #expect(table.selectedPositions.isEmpty)
    #expect(!dataSource.events.contains { if case .didSelect = $0 { true } else { false } })
  }

  @Test func reloadDropsSelectionsThatNoLongerExist() throws {
    let (table, dataSource) = makeTable()
    table.allowsMultipleSelection = true
    try table.selectRow(at: a)
    try table.selectRow(at: c)
    dataSource.sections = [["a"]]
    table.reloadData()

    #expect(table.selectedPositions == [a])
    #expect(throws: TableError.self) { try table.selectRow(at: c) }
  }

  @Test func selectingAnInvalidPositionThrowsBeforeAnyHookRuns() throws {
    let (table, dataSource) = makeTable()
    #expect(throws: TableError.self) { try table.selectRow(at: TablePosition(section: 0, row: -1)) }
    #expect(throws: TableError.self) {
      try table.deselectRow(at: TablePosition(section: 2, row: 0))
    }
    #expect(dataSource.events.isEmpty)
  }
}
