import TableKit
import TableKitModels
import Testing

/// The paged feed as a user of the model tests it: 7 posts, 3 a page.
@MainActor @Suite struct PagedModelTests {
  static func feed(count: Int = 7, pageSize: Int = 3) -> PagedModel<Post> {
    PagedModel(pageSize: pageSize) { page, size in feedPage(page, pageSize: size, count: count) }
  }

  @Test func theFirstLoadBringsPageZero() async {
    let model = Self.feed()
    if case .idle = model.loadState {} else { Issue.record("a new model is \(model.loadState)") }
    await model.load()
    #expect(model.items.map(\.id) == [0, 1, 2])
    #expect(model.hasMore)
    if case .loaded = model.loadState {} else { Issue.record("state is \(model.loadState)") }
  }

  @Test func loadMoreAppendsUntilAShortPageEndsPaging() async {
    let model = Self.feed()
    await model.load()
    await model.load(more: true)
    #expect(model.items.map(\.id) == [0, 1, 2, 3, 4, 5])
    #expect(model.hasMore)
    await model.load(more: true)
    #expect(model.items.map(\.id) == [0, 1, 2, 3, 4, 5, 6])
    #expect(!model.hasMore)
    let recorder = EventRecorder()
    model.addListener(recorder)
    await model.load(more: true)  // nothing left: no load starts
    #expect(recorder.events.isEmpty)
    #expect(model.items.count == 7)
  }

  @Test func listenersAreToldInOrder() async {
    let attempts = Counter()
    let model = PagedModel<Post>(pageSize: 2) { page, size in
      if page == 1, await attempts.next() == 0 { throw FeedError(description: "offline") }
      return feedPage(page, pageSize: size, count: 3)
    }
    let recorder = EventRecorder()
    model.addListener(recorder)
    await model.load()
    await model.load(more: true)
    await model.retry()
    model.reset()
    #expect(
      recorder.events == [
        "start first", "items inserted rows [(0, 0), (0, 1)]", "finish",
        "start more", "fail offline",
        "start more", "items inserted rows [(0, 2)]", "finish",
        "items deleted rows [(0, 0), (0, 1), (0, 2)]", "reset",
      ])
  }

  @Test func aReleasedListenerIsNotRetainedAndIsDropped() async {
    let model = Self.feed()
    weak var released: EventRecorder?
    do {
      let listener = EventRecorder()
      model.addListener(listener)
      released = listener
      #expect(model.listenerEntryCount == 1)
    }
    #expect(released == nil)  // the model did not keep it alive
    let kept = EventRecorder()
    model.addListener(kept)
    await model.load()
    #expect(model.listenerEntryCount == 1)  // the dead entry is gone
    #expect(kept.events.first == "start first")
    model.removeListener(kept)
    #expect(model.listenerEntryCount == 0)
  }

  @Test func aSupersededLoadNeverOverwritesNewerItems() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 2)
    let recorder = EventRecorder()
    model.addListener(recorder)
    let old = Task { await model.load() }
    await gate.waitForRequests(1)
    let new = Task { await model.load() }  // a refresh from page 0 supersedes the first load
    await gate.waitForRequests(2)
    await gate.answer(1, with: .success([Post(10), Post(11)]))
    await new.value
    await gate.answer(0, with: .success([Post(0), Post(1)]))  // the old answer comes late
    await old.value
    #expect(model.items.map(\.id) == [10, 11])
    #expect(
      recorder.events == [
        "start first", "start first", "items inserted rows [(0, 0), (0, 1)]", "finish",
      ])
  }

  @Test func cancelStopsTheLoadAndKeepsTheItems() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 2)
    let first = Task { await model.load() }
    await gate.waitForRequests(1)
    await gate.answer(0, with: .success([Post(0), Post(1)]))
    await first.value
    let recorder = EventRecorder()
    model.addListener(recorder)
    let more = Task { await model.load(more: true) }
    await gate.waitForRequests(2)
    model.cancel()
    if case .cancelled = model.loadState {} else { Issue.record("state is \(model.loadState)") }
    await gate.answer(1, with: .success([Post(2), Post(3)]))  // too late: ignored
    await more.value
    #expect(model.items.map(\.id) == [0, 1])
    #expect(recorder.events == ["start more", "cancel"])
    // Loading more again asks for page 1 again.
    let again = Task { await model.load(more: true) }
    await gate.waitForRequests(3)
    #expect(await gate.requests == [0, 1, 1])
    await gate.answer(2, with: .success([Post(2), Post(3)]))
    await again.value
    #expect(model.items.map(\.id) == [0, 1, 2, 3])
  }

  @Test func cancellingTheLoadingTaskReportsCancelled() async throws {
    let gate = PageGate()
    let model = gate.model(pageSize: 2)
    let recorder = EventRecorder()
    model.addListener(recorder)
    let load = Task { await model.load() }
    await gate.waitForRequests(1)
    load.cancel()
    await load.value
    if case .cancelled = model.loadState {} else { Issue.record("state is \(model.loadState)") }
    #expect(model.items.isEmpty)
    #expect(recorder.events == ["start first", "cancel"])
  }

  @Test func invalidateMarksOutdatedUntilALoadFromPageZero() async {
    let model = Self.feed()
    await model.load()
    await model.load(more: true)
    model.invalidate()
    #expect(model.isOutdated)
    #expect(model.items.count == 6)  // still shown
    await model.load()  // a refresh: page 0 again
    #expect(!model.isOutdated)
    #expect(model.items.map(\.id) == [0, 1, 2])
  }
}

/// Counts calls across tasks.
actor Counter {
  private var value = 0
  /// The count before this call.
  func next() -> Int {
    defer { value += 1 }
    return value
  }
}
