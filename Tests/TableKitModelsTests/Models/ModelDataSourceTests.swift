import TableKit
import TableKitModels
import TableKitTestSupport
import Testing

/// The paged feed in a table: status rows, changesets, selection that loads.
@MainActor @Suite struct ModelDataSourceTests {
  /// Post identifiers as the UIKit model reads a section; the status row is -1.
  static func model(of table: TableView) throws -> [UIKitBatchModel.Section] {
    try (0..<table.numberOfSections).map { section in
      let ids = try (0..<table.numberOfRows(inSection: section)).map { row in
        (try table.representedObject(at: pos(section, row)) as? Post)?.id ?? -1
      }
      return UIKitBatchModel.Section(identifier: section, items: ids)
    }
  }

  @Test func pageZeroShowsItsItemsAndALoadMoreRow() async throws {
    let model = PagedModelTests.feed()
    let source = ModelDataSource(model: model, title: "Posts")
    let table = TableView(dataSource: source)
    #expect(try rowTexts(of: table) == [[]])  // idle: nothing yet
    await model.load()
    #expect(
      try rowTexts(of: table) == [["Post 0", "Post 1", "Post 2", "[status-load-more] Load more"]])
    #expect(try table.cell(at: pos(0, 3)).isSelectable)
  }

  @Test func loadMoreAppendsPageOneAsAnInsertNotAReload() async throws {
    let model = PagedModelTests.feed()
    let source = ModelDataSource(model: model)
    let table = TableView(dataSource: source)
    await model.load()
    let log = ChangeLog()
    table.updateObserver = log
    let before = try Self.model(of: table)
    // The user selects "Load more".
    try table.selectRow(at: pos(0, 3))
    await source.pendingLoad?.value
    #expect(
      try rowTexts(of: table) == [
        [
          "Post 0", "Post 1", "Post 2", "Post 3", "Post 4", "Post 5",
          "[status-load-more] Load more",
        ]
      ])
    // The load-more row became a loading row, the page was inserted, and the loading row became
    // a load-more row again: no item row was reloaded.
    #expect(
      log.changesets == [
        TableChangeset(reloadedRows: [pos(0, 3)]),
        TableChangeset(insertedRows: [pos(0, 3), pos(0, 4), pos(0, 5)]),
        TableChangeset(reloadedRows: [pos(0, 6)]),
      ])
    // Played on the old rows the way UIKit plays a batch, the insert gives the new rows.
    let page = log.changesets[1]
    let after = try Self.model(of: table)
    #expect(try UIKitBatchModel.replay(page, old: before, new: after).get() == after)
  }

  @Test func aShortPageEndsPagingAndRemovesTheLoadMoreRow() async throws {
    let model = PagedModelTests.feed(count: 4)
    let source = ModelDataSource(model: model)
    let table = TableView(dataSource: source)
    let log = ChangeLog()
    table.updateObserver = log
    await model.load()
    await model.load(more: true)
    #expect(try rowTexts(of: table) == [["Post 0", "Post 1", "Post 2", "Post 3"]])
    #expect(!model.hasMore)
    #expect(log.changesets.last == TableChangeset(deletedRows: [pos(0, 4)]))
  }

  @Test func aFailureShowsAnErrorRowAndSelectingItRetries() async throws {
    let attempts = Counter()
    let model = PagedModel<Post>(pageSize: 3) { page, size in
      if page == 1, await attempts.next() == 0 {
        throw FeedError(description: "The feed is offline.")
      }
      return feedPage(page, pageSize: size, count: 7)
    }
    let source = ModelDataSource(model: model)
    let table = TableView(dataSource: source)
    await model.load()
    try table.selectRow(at: pos(0, 3))  // load more: fails
    await source.pendingLoad?.value
    #expect(
      try rowTexts(of: table) == [
        ["Post 0", "Post 1", "Post 2", "[status-failure] The feed is offline."]
      ])
    let errorRow = try table.cell(at: pos(0, 3))
    #expect(errorRow.detailText == "Select to retry")
    #expect(errorRow.isSelectable)
    try table.selectRow(at: pos(0, 3))  // retry: page 1 again, and it succeeds
    await source.pendingLoad?.value
    #expect(model.items.map(\.id) == [0, 1, 2, 3, 4, 5])
    #expect(try rowTexts(of: table)[0].last == "[status-load-more] Load more")
  }

  @Test func theLoadingAndEmptyRowsShowWhatTheAppSet() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 3)
    let source = ModelDataSource(model: model, emptyMessage: "No posts yet")
    source.loadingText = "Fetching posts…"
    let table = TableView(dataSource: source)
    let load = Task { await model.load() }
    await gate.waitForRequests(1)
    #expect(try rowTexts(of: table) == [["[status-loading] Fetching posts…"]])
    #expect(try !table.cell(at: pos(0, 0)).isSelectable)
    await gate.answer(0, with: .success([]))
    await load.value
    #expect(try rowTexts(of: table) == [["[status-empty] No posts yet"]])
    #expect(try table.selectRow(at: pos(0, 0)) == nil)  // an empty row does nothing
  }

  @Test func aCancelledLoadLeavesTheTableConsistent() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 2)
    let source = ModelDataSource(model: model)
    let table = TableView(dataSource: source)
    let first = Task { await model.load() }
    await gate.waitForRequests(1)
    await gate.answer(0, with: .success([Post(0), Post(1)]))
    await first.value
    try table.selectRow(at: pos(0, 2))
    await gate.waitForRequests(2)
    #expect(try rowTexts(of: table)[0].last == "[status-loading] Loading…")
    model.cancel()
    await gate.answer(1, with: .success([Post(2), Post(3)]))
    await source.pendingLoad?.value
    #expect(try rowTexts(of: table) == [["Post 0", "Post 1", "[status-load-more] Load more"]])
    #expect(source.lastUpdateError == nil)
    model.reset()
    #expect(try rowTexts(of: table) == [[]])
    #expect(source.lastUpdateError == nil)
  }

  @Test func aLateNextPageNeverLandsOnRefreshedItems() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 2)
    let source = ModelDataSource(model: model)
    let table = TableView(dataSource: source)
    let first = Task { await model.load() }
    await gate.waitForRequests(1)
    await gate.answer(0, with: .success([Post(0), Post(1)]))
    await first.value
    let more = Task { await model.load(more: true) }  // page 1, slow
    await gate.waitForRequests(2)
    let refresh = Task { await model.load() }  // page 0 again supersedes it
    await gate.waitForRequests(3)
    #expect(await gate.requests == [0, 1, 0])
    await gate.answer(2, with: .success([Post(5), Post(0)]))
    await refresh.value
    await gate.answer(1, with: .success([Post(2), Post(3)]))  // the old page 1 comes late
    await more.value
    #expect(model.items.map(\.id) == [5, 0])
    #expect(try rowTexts(of: table) == [["Post 5", "Post 0", "[status-load-more] Load more"]])
    #expect(source.lastUpdateError == nil)
  }

  @Test func inAComposedTableOneChildLoadsWhileAnotherIsLoaded() async throws {
    let gate = PageGate()
    let slow = gate.model(pageSize: 2)
    let fast = PagedModelTests.feed(count: 2, pageSize: 2)
    let pinned = SectionedDataSource(items: ["Pinned"])
    let composed = ComposedDataSource([
      pinned, ModelDataSource(model: fast, title: "Fast"), ModelDataSource(model: slow),
    ])
    let table = TableView(dataSource: composed)
    let log = ChangeLog()
    table.updateObserver = log
    await fast.load()
    let load = Task { await slow.load() }
    await gate.waitForRequests(1)
    #expect(
      try rowTexts(of: table) == [
        ["Pinned"], ["Post 0", "Post 1", "[status-load-more] Load more"],
        ["[status-loading] Loading…"],
      ])
    #expect(try table.titleForHeader(inSection: 1) == "Fast")
    await gate.answer(0, with: .success([Post(10)]))
    await load.value
    #expect(
      try rowTexts(of: table) == [
        ["Pinned"], ["Post 0", "Post 1", "[status-load-more] Load more"], ["Post 10"],
      ])
    // The slow child's changes arrive at its own section, 2.
    #expect(
      log.changesets.suffix(3) == [
        TableChangeset(insertedRows: [pos(2, 0)]),
        TableChangeset(insertedRows: [pos(2, 0)]),
        TableChangeset(deletedRows: [pos(2, 1)]),
      ])
    // Selecting the fast child's load-more row loads its next page (an empty one: the end).
    try table.selectRow(at: pos(1, 2))
    let fastSource = try #require(composed.children[1] as? ModelDataSource<PagedModel<Post>>)
    await fastSource.pendingLoad?.value
    #expect(try rowTexts(of: table)[1] == ["Post 0", "Post 1"])
  }
}
