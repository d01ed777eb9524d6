import TableKit
import TableKitModels
import TableKitTestSupport
import Testing

@Suite struct PagingStateTests {
  @Test func pagesFollowEachOtherAndAShortPageEndsPaging() throws {
    var state = PagingState<Post>(pageSize: 2)
    let first = try #require(state.start(more: true) as PageRequest?)  // nothing loaded: page 0
    #expect(first.page == 0 && first.kind == .first)
    let page0 = state.receive([Post(0), Post(1)], for: first)
    #expect(page0 == TableChangeset(insertedRows: [pos(0, 0), pos(0, 1)]))
    #expect(state.hasMore)
    let second = try #require(state.start(more: true) as PageRequest?)
    #expect(second.page == 1 && second.kind == .more)
    let meanwhile = state.start(more: true)
    #expect(meanwhile == nil)  // one load more at a time
    let page1 = state.receive([Post(2)], for: second)
    #expect(page1 == TableChangeset(insertedRows: [pos(0, 2)]))
    #expect(!state.hasMore)
    let afterTheEnd = state.start(more: true)
    #expect(afterTheEnd == nil)
    #expect(state.items.map(\.id) == [0, 1, 2])
  }

  @Test func aRepeatedItemKeepsItsFirstPlaceAndStillCountsForTheFullPage() throws {
    var state = PagingState<Post>(pageSize: 3)
    let first = try #require(state.start(more: false) as PageRequest?)
    _ = state.receive([Post(0), Post(1), Post(2)], for: first)
    // The feed shifted by one between the pages: page 1 starts with post 2 again, new title.
    let second = try #require(state.start(more: true) as PageRequest?)
    let changes = state.receive([Post(2, title: "moved"), Post(3), Post(3)], for: second)
    #expect(changes == TableChangeset(insertedRows: [pos(0, 3)]))
    #expect(state.items.map(\.id) == [0, 1, 2, 3])
    #expect(state.items[2].title == "Post 2")
    #expect(state.hasMore)  // three items came: a full page
    #expect(state.nextPage == 2)
  }

  @Test func anAnswerToASupersededRequestIsIgnored() throws {
    var state = PagingState<Post>(pageSize: 2)
    let old = try #require(state.start(more: false) as PageRequest?)
    let new = try #require(state.start(more: false) as PageRequest?)
    let newest = state.receive([Post(7), Post(8)], for: new)
    #expect(newest != nil)
    let late = state.receive([Post(1), Post(2)], for: old)
    #expect(late == nil)
    let lateFailure = state.fail(FeedError(description: "late"), for: old)
    #expect(!lateFailure)
    #expect(state.items.map(\.id) == [7, 8])
    if case .loaded = state.loadState {} else { Issue.record("state is \(state.loadState)") }
  }

  @Test func aFailureKeepsThePagesAndARetryAsksForTheSamePage() throws {
    var state = PagingState<Post>(pageSize: 2)
    let first = try #require(state.start(more: false) as PageRequest?)
    _ = state.receive([Post(0), Post(1)], for: first)
    let more = try #require(state.start(more: true) as PageRequest?)
    let failed = state.fail(FeedError(description: "offline"), for: more)
    #expect(failed)
    #expect(state.loadState.error is FeedError)
    #expect(state.items.map(\.id) == [0, 1])
    #expect(state.lastLoadKind == .more)
    let retry = state.start(more: true)
    #expect(retry?.page == 1)
  }

  @Test func aRefreshIsTheDifferenceAndClearsOutdated() throws {
    var state = PagingState<Post>(pageSize: 3)
    let first = try #require(state.start(more: false) as PageRequest?)
    _ = state.receive([Post(0), Post(1), Post(2)], for: first)
    state.invalidate()
    #expect(state.isOutdated)
    let refresh = try #require(state.start(more: false) as PageRequest?)
    #expect(refresh.kind == .refresh && refresh.page == 0)
    #expect(state.isOutdated)  // still outdated until the new page arrives
    let received = state.receive([Post(9), Post(0), Post(1, title: "edited")], for: refresh)
    let changes = try #require(received)
    #expect(
      changes
        == TableChangeset(
          deletedRows: [pos(0, 2)], insertedRows: [pos(0, 0)], reloadedRows: [pos(0, 2)]))
    #expect(!state.isOutdated)
    let old = UIKitBatchModel.Section(identifier: 0, items: [0, 1, 2])
    let new = UIKitBatchModel.Section(identifier: 0, items: [9, 0, 1])
    #expect(try UIKitBatchModel.replay(changes, old: [old], new: [new]).get() == [new])
  }

  @Test func cancelAndResetMakeANewGeneration() throws {
    var state = PagingState<Post>(pageSize: 2)
    let first = try #require(state.start(more: false) as PageRequest?)
    let cancelled = state.cancel()
    #expect(cancelled)
    let again = state.cancel()
    #expect(!again)  // nothing under way any more
    let late = state.receive([Post(0), Post(1)], for: first)
    #expect(late == nil)
    #expect(state.items.isEmpty)
    let second = try #require(state.start(more: false) as PageRequest?)
    _ = state.receive([Post(0), Post(1)], for: second)
    let reset = state.reset()
    #expect(reset == TableChangeset(deletedRows: [pos(0, 0), pos(0, 1)]))
    #expect(state.items.isEmpty && state.hasMore && state.nextPage == 0)
    if case .idle = state.loadState {} else { Issue.record("state is \(state.loadState)") }
  }

  @Test func aPageSizeBelowOneIsOne() {
    #expect(PagingState<Post>(pageSize: 0).pageSize == 1)
    #expect(PagingState<Post>(pageSize: -5).pageSize == 1)
  }
}
