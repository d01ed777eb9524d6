import TableKit
import TableKitTestSupport
import TableKitTesting
import Testing

@Suite struct ComposedDataSourceTests {
  /// General (static), Devices (an array), Alerts (a filtered list of things with even values).
  private func makeSettings() throws -> (
    ComposedDataSource, ThingList, FilteredDataSource<ThingList>, TableView
  ) {
    let general = SectionedDataSource(sections: [
      TableSection("General", items: ["Wi-Fi", "Bluetooth"]),
      TableSection("Display", footer: "Brightness and text", items: ["Dark mode"]),
    ])
    let devices = SectionedDataSource(items: ["Phone", "Laptop", "Watch"])
    let alerts = try ThingList([
      (1, (1...6).map { Thing(id: $0, value: $0) })
    ])
    let even = alerts.filtered { ($0 as? Thing).map { $0.value % 2 == 0 } ?? false }
    let settings = ComposedDataSource([general, devices, even])
    return (settings, alerts, even, TableView(dataSource: settings))
  }

  @Test func aSettingsScreenShowsItsChildrenInOrder() throws {
    let (settings, _, _, table) = try makeSettings()
    #expect(table.shape == TableShape(rowCounts: [2, 1, 3, 3]))
    #expect(try table.titleForHeader(inSection: 0) == "General")
    #expect(try table.titleForFooter(inSection: 1) == "Brightness and text")
    #expect(try table.titleForHeader(inSection: 2) == nil)
    #expect(try table.cell(at: pos(2, 2)).text == "Watch")
    #expect(try table.cell(at: pos(3, 0)).text == "thing 2=2")
    #expect(try table.representedObject(at: pos(3, 2)) as? Thing == Thing(id: 6, value: 6))
    #expect(settings.childPosition(for: pos(3, 1)) == ChildPosition(child: 2, position: pos(0, 1)))
    #expect(settings.position(for: ChildPosition(child: 1, position: pos(0, 2))) == pos(2, 2))
    #expect(settings.position(for: ChildPosition(child: 1, position: pos(0, 3))) == nil)
    #expect(settings.position(for: ChildPosition(child: 7, position: pos(0, 0))) == nil)
    #expect(settings.childPosition(for: pos(4, 0)) == nil)
    #expect(settings.childPosition(for: pos(-1, 0)) == nil)
  }

  @Test func aSearchFieldNarrowsTheFilteredChild() throws {
    let (_, _, even, table) = try makeSettings()
    // Typing narrows to the multiples of 4 and then widens to everything.
    let narrower = try assertChanges(in: table, "deleted rows [(3, 0), (3, 2)]") {
      try even.setPredicate { ($0 as? Thing).map { $0.value % 4 == 0 } ?? false }
    }
    #expect(narrower == TableChangeset(deletedRows: [pos(0, 0), pos(0, 2)]))
    try assertChanges(in: table, "inserted rows [(3, 0), (3, 1), (3, 2), (3, 4), (3, 5)]") {
      try even.setPredicate { _ in true }
    }
  }

  @Test func aChildChangePassesThroughTheFilterAndTheComposition() throws {
    let (_, alerts, _, table) = try makeSettings()
    // 3 becomes 8 (now shown), 4 is deleted, 10 is inserted at the front.
    let next = try edited(alerts.snapshot) { snapshot in
      try snapshot.deleteItems([4])
      try snapshot.insertItems([10], beforeItem: 1)
    }
    try assertChanges(in: table, "deleted rows [(3, 1)], inserted rows [(3, 0), (3, 2)]") {
      try alerts.apply(next, items: [Thing(id: 3, value: 8), Thing(id: 10, value: 10)])
    }
    let texts = try (0..<4).map { try table.cell(at: pos(3, $0)).text }
    #expect(texts == ["thing 10=10", "thing 2=2", "thing 3=8", "thing 6=6"])
  }

  @Test func aLeafChangeThreeLevelsDownArrivesInTablePositions() throws {
    let top = SectionedDataSource(items: ["Header row"])
    let leaf = try ThingList([(7, [Thing(id: 1, value: 1), Thing(id: 2, value: 2)]), (8, [])])
    let inner = ComposedDataSource([SectionedDataSource(items: ["inner"]), leaf])
    let middle = ComposedDataSource([SectionedDataSource<String>(sections: []), inner])
    let table = TableView(dataSource: ComposedDataSource([top, middle]))
    #expect(table.shape == TableShape(rowCounts: [1, 1, 2, 0]))
    let next = try edited(leaf.snapshot) { snapshot in
      try snapshot.moveItem(1, afterItem: 2)
      try snapshot.appendItems([3], toSection: 8)
      try snapshot.appendSections([9])
    }
    // The leaf's sections start at table section 2; the changeset is replayed on the old table.
    try assertChanges(
      in: table, "inserted sections [4], inserted rows [(3, 0)], moved rows [(2, 1)→(2, 0)]"
    ) { try leaf.apply(next, items: [Thing(id: 3, value: 3)]) }
  }

  @Test func severalChangesInATransactionArriveAsOneChangeset() throws {
    let first = try ThingList([(1, [Thing(id: 1, value: 1)])])
    let second = try ThingList([(2, [Thing(id: 2, value: 2), Thing(id: 3, value: 3)])])
    let plain = SectionedDataSource(items: ["plain"])
    let root = ComposedDataSource([first, plain, second])
    let table = TableView(dataSource: root)
    let log = ChangeLog()
    table.updateObserver = log
    let changes = try root.performUpdates {
      try first.apply(
        edited(first.snapshot) { try $0.appendItems([4], toSection: 1) },
        items: [Thing(id: 4, value: 4)])
      try second.apply(edited(second.snapshot) { try $0.moveItem(3, beforeItem: 2) })
    }
    #expect(log.changesets == [changes])
    #expect(changes.insertedRows == [pos(0, 1)])
    #expect(changes.movedRows.count == 1)
    // The plain child has no identity: its row is identified by position and reloaded.
    #expect(changes.reloadedRows == [pos(1, 0)])
    #expect(table.shape == TableShape(rowCounts: [2, 1, 2]))
    #expect(try table.cell(at: pos(2, 0)).text == "thing 3=3")
  }

  @Test func childrenAddedAndRemovedAreSectionChanges() throws {
    let root = ComposedDataSource([SectionedDataSource(items: ["a"])])
    let table = TableView(dataSource: root)
    let log = ChangeLog()
    table.updateObserver = log
    let two = SectionedDataSource(sections: [
      TableSection(items: ["b"]), TableSection(items: ["c", "d"]),
    ])
    try root.insert(two, at: 0)
    #expect(log.changesets.last == TableChangeset(insertedSections: [0, 1]))
    #expect(table.shape == TableShape(rowCounts: [1, 2, 1]))
    try root.removeChild(at: 1)
    #expect(log.changesets.last == TableChangeset(deletedSections: [2]))
    #expect(try table.cell(at: pos(1, 1)).text == "d")
  }

  @Test func aChildsSelectionRulesWorkAtItsOwnPositions() throws {
    let picky = PickyList(["zero", "one", "two", "three", "four"])
    let root = ComposedDataSource([SectionedDataSource(items: ["above"]), picky])
    let table = TableView(dataSource: root)
    #expect(try table.selectRow(at: pos(1, 0)) == nil)  // vetoed
    #expect(try table.selectRow(at: pos(1, 1)) == pos(1, 2))  // redirected within the child
    #expect(picky.selected.map(\.0) == [pos(0, 2)])
    #expect(picky.selected.map(\.1) == ["two"])
    #expect(try table.selectRow(at: pos(1, 4)) == pos(1, 4))
    #expect(picky.deselected == [pos(0, 2)])
    // A redirect outside the child is a typed error naming both places; nothing is selected.
    let error = #expect(throws: TableError.self) { try table.selectRow(at: pos(1, 3)) }
    #expect(
      error?.reason
        == .redirectOutsideChild(
          child: ChildPosition(child: 1, position: pos(0, 3)), target: pos(0, 99)))
    #expect(error?.position == pos(1, 3))
    #expect(
      error?.description
        == "Selecting row 3 in section 1 was redirected by the data source that shows it "
        + "(child 1 at its row 3 in section 0) to row 99 in section 0 in its own rows, which this table does not show; "
        + "nothing was selected.")
    #expect(table.selectedPositions == [pos(1, 4)])
    #expect(root.willSelectRow(at: pos(1, 3)) == nil)  // the non-throwing hook reads it as a veto
    #expect(
      throws: CompositionError.redirectOutsideChild(
        from: pos(1, 3), child: ChildPosition(child: 1, position: pos(0, 3)), to: pos(0, 99))
    ) {
      try root.selectionTarget(forRowAt: pos(1, 3))
    }
    #expect(try table.titleForFooter(inSection: 1) == "5 items")
  }

  @Test func aRedirectOutsideANestedChildReachesTheTop() throws {
    let picky = PickyList(["zero", "one", "two", "three"])
    let inner = ComposedDataSource([picky])
    let root = ComposedDataSource([SectionedDataSource(items: ["above"]), inner])
    // Named from the top's position, with the child that redirected and its own place.
    #expect(
      throws: CompositionError.redirectOutsideChild(
        from: pos(1, 3), child: ChildPosition(child: 0, position: pos(0, 3)), to: pos(0, 99))
    ) { try root.selectionTarget(forRowAt: pos(1, 3)) }
    #expect(try root.selectionTarget(forRowAt: pos(1, 1)) == pos(1, 2))
    let table = TableView(dataSource: root)
    let error = #expect(throws: TableError.self) { try table.selectRow(at: pos(1, 3)) }
    #expect(error?.position == pos(1, 3))
    #expect(table.selectedPositions.isEmpty)
  }

  @Test func aChildsOverrideAppliesToItsRowsOnly() throws {
    let plain = PickyList(["ann"])
    let loud = PickyList(["bob"])
    loud.representations.register(String.self) { Cell($0.uppercased(), kind: "loud") }
    let root = ComposedDataSource([plain, loud])
    let table = TableView(dataSource: root)
    #expect(try table.cell(at: pos(0, 0)).text == "ann")
    #expect(try table.cell(at: pos(1, 0)) == Cell("BOB", kind: "loud"))
    // An override on the composition wins over both, for this table only.
    root.representations.register(String.self) { Cell("[\($0)]") }
    #expect(try table.cell(at: pos(0, 0)).text == "[ann]")
    #expect(try table.cell(at: pos(1, 0)).text == "[bob]")
    #expect(try TableView(dataSource: loud).cell(at: pos(0, 0)).text == "BOB")
  }

  @Test func filteredSelectionReachesTheBaseAtItsPosition() throws {
    let (_, alerts, _, table) = try makeSettings()
    try table.selectRow(at: pos(3, 1))
    #expect(alerts.selected.map(\.0) == [pos(0, 3)])
    #expect(alerts.selected.map(\.1) == [4])
    try table.deselectRow(at: pos(3, 1))
    #expect(alerts.deselected == [pos(0, 3)])
  }
}

extension TableChangeset {
  /// The changeset moved by `offset` sections, for comparing with a child's own.
  func offsettingSectionsForTest(by offset: Int) -> TableChangeset {
    func shift(_ p: TablePosition) -> TablePosition { pos(p.section + offset, p.row) }
    return TableChangeset(
      deletedSections: deletedSections.map { $0 + offset },
      insertedSections: insertedSections.map { $0 + offset },
      movedSections: movedSections.map { SectionMove(from: $0.from + offset, to: $0.to + offset) },
      deletedRows: deletedRows.map(shift),
      insertedRows: insertedRows.map(shift),
      movedRows: movedRows.map { RowMove(from: shift($0.from), to: shift($0.to)) },
      reloadedRows: reloadedRows.map(shift),
      reconfiguredRows: reconfiguredRows.map(shift))
  }

  /// A selected row that a change removes is deselected at its place before the change, in the
  /// child that showed it, even when the change moved the other children's sections.
  @Test func aRemovedSelectedRowIsToldToTheChildThatShowedIt() throws {
    let first = try ThingList([
      (1, [Thing(id: 1, value: 1)]), (2, [Thing(id: 2, value: 2), Thing(id: 3, value: 3)]),
    ])
    let second = PickyList(["zero", "one", "two", "three", "four"])
    let root = ComposedDataSource([first, second])
    let table = TableView(dataSource: root)
    table.allowsMultipleSelection = true
    try table.selectRow(at: pos(1, 1))  // first's thing 3
    try table.selectRow(at: pos(2, 4))  // second's "four"
    // The first child drops its second section: the ledger's rows move up a section.
    try first.apply(
      edited(first.snapshot) { try $0.deleteSections([2]) }, items: [Thing(id: 1, value: 1)])
    #expect(first.deselected == [pos(1, 1)])
    #expect(second.deselected.isEmpty)
    #expect(table.selectedPositions == [pos(1, 4)])
    // Removing a child deselects its rows, told to it at its own positions.
    try root.removeChild(at: 1)
    #expect(second.deselected == [pos(0, 4)])
    #expect(table.selectedPositions.isEmpty)
  }
}
