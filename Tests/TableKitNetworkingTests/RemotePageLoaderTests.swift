import Foundation
import TableKit
import TableKitModels
import TableKitNetworking
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An item of the served feed.
struct Story: Decodable, Identifiable, Equatable, Sendable, TableRepresentable {
  var id: Int
  var title: String

  var tableCell: Cell { Cell(title, kind: "story") }
}

/// The body `/large` serves: 5,000 stories, about 200 KB.
let largePage =
  "[" + (0..<5_000).map { #"{"id": \#($0), "title": "Story \#($0)"}"# }.joined(separator: ", ")
  + "]"

/// The feed's routes: `/stories` serves 5 stories by `page` and `page_size`; the others fail
/// each in their own way.
@Sendable func storyRoutes(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Action {
  switch request.path {
  case "/stories":
    guard let page = request.query["page"].flatMap(Int.init),
      let size = request.query["page_size"].flatMap(Int.init), page >= 0, size > 0
    else { return .respond(status: 400, body: "{}") }
    let start = min(page * size, 5)
    let stories = (start..<min(start + size, 5)).map { #"{"id": \#($0), "title": "Story \#($0)"}"# }
    return .respond(status: 200, body: "[" + stories.joined(separator: ", ") + "]")
  case "/large":
    return .respond(status: 200, body: largePage)
  case "/broken":
    return .respond(status: 500, body: #"{"error": "boom"}"#)
  case "/silent":
    return .hold
  case "/malformed":
    return .respond(
      status: 200, body: #"[{"id": 1, "title": "One"}, {"id": "two", "title": "Two"}]"#)
  case "/not-json":
    return .respond(status: 200, body: "<html>oops</html>", contentType: "text/html")
  default:
    return .respond(status: 404, body: "{}")
  }
}

/// The HTTP loader against a real server on loopback that each test starts and stops.
@Suite struct RemotePageLoaderTests {
  /// Runs `body` with a server of the story routes and a session of its own.
  func withServer(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LoopbackHTTPServer, URLSession) async throws -> Void
  ) async throws {
    let server = try LoopbackHTTPServer(route: storyRoutes)
    let session = URLSession(configuration: .ephemeral)
    defer {
      session.invalidateAndCancel()
      server.stop()
    }
    try await body(server, session)
  }

  /// The error `loader` throws for page `page`.
  func failure(
    of loader: RemotePageLoader<Story>, page: Int = 0, pageSize: Int = 2
  ) async -> RemotePageError? {
    do {
      _ = try await loader.load(page: page, pageSize: pageSize)
      return nil
    } catch {
      return error as? RemotePageError
    }
  }

  @Test func pagesComeWithThePageAndPageSizeInTheQuery() async throws {
    try await withServer { server, session in
      let loader = RemotePageLoader<Story>(url: server.url("/stories"), session: session)
      #expect(
        loader.url(forPage: 2, pageSize: 50).absoluteString
          == "http://127.0.0.1:\(server.port)/stories?page=2&page_size=50")
      let first = try await loader.load(page: 0, pageSize: 2)
      #expect(first.map(\.id) == [0, 1])
      let last = try await loader.load(page: 2, pageSize: 2)
      #expect(last == [Story(id: 4, title: "Story 4")])
      let beyond = try await loader.load(page: 3, pageSize: 2)
      #expect(beyond.isEmpty)
    }
  }

  @MainActor @Test func aPagedModelLoadsEveryPageOverHTTP() async throws {
    try await withServer { server, session in
      let loader = RemotePageLoader<Story>(url: server.url("/stories"), session: session)
      let model = PagedModel(pageSize: 2, loader: loader.pageLoader)
      let table = TableView(dataSource: ModelDataSource(model: model))
      await model.load()
      await model.load(more: true)
      #expect(table.shape == TableShape(rowCounts: [5]))  // 4 stories and "Load more"
      await model.load(more: true)
      #expect(model.items.map(\.id) == [0, 1, 2, 3, 4])
      #expect(!model.hasMore)
      #expect(table.shape == TableShape(rowCounts: [5]))  // the short page ended paging
    }
  }

  @Test func aServerErrorNamesTheURLAndTheStatus() async throws {
    try await withServer { server, session in
      let loader = RemotePageLoader<Story>(url: server.url("/broken"), session: session)
      let error = try #require(await failure(of: loader))
      #expect(error.reason == .httpStatus(500))
      #expect(error.url == server.url("/broken?page=0&page_size=2"))
      #expect(
        error.localizedDescription
          == "Page 0 from http://127.0.0.1:\(server.port)/broken?page=0&page_size=2 failed: "
          + "the server answered HTTP 500.")
    }
  }

  @Test func aBodyLongerThanTheLimitStopsTheTransferWithATypedError() async throws {
    try await withServer { server, session in
      let size = largePage.utf8.count
      let over = RemotePageLoader<Story>(
        url: server.url("/large"), session: session, maximumBodyBytes: size - 1)
      let error = try #require(await failure(of: over))
      #expect(error.reason == .bodyTooLarge(limit: size - 1))
      #expect(
        error.description
          == "Page 0 from http://127.0.0.1:\(server.port)/large?page=0&page_size=2 failed: "
          + "the page's body is longer than \(size - 1) bytes, the most the loader takes "
          + "(maximumBodyBytes).")
      // At the limit, and under the default of 32 MiB, the page loads whole.
      for limit in [size, RemotePageLoader<Story>.defaultMaximumBodyBytes] {
        let loader = RemotePageLoader<Story>(
          url: server.url("/large"), session: session, maximumBodyBytes: limit)
        let stories = try await loader.load(page: 0, pageSize: 2)
        #expect(stories.count == 5_000)
        #expect(stories.last == Story(id: 4_999, title: "Story 4999"))
      }
      // No setting traps: below 1 is 1.
      let none = RemotePageLoader<Story>(
        url: server.url("/large"), session: session, maximumBodyBytes: 0)
      #expect(await failure(of: none)?.reason == .bodyTooLarge(limit: 1))
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    try await withServer { server, session in
      let loader = RemotePageLoader<Story>(
        url: server.url("/silent"), timeout: 0.5, session: session)
      let error = try #require(await failure(of: loader, page: 1))
      #expect(error.reason == .timedOut(seconds: 0.5))
      #expect(
        error.description
          == "Page 1 from http://127.0.0.1:\(server.port)/silent?page=1&page_size=2 failed: "
          + "no answer within 0.5 s.")
    }
  }

  @Test func aMalformedPageSaysWhere() async throws {
    try await withServer { server, session in
      let loader = RemotePageLoader<Story>(url: server.url("/malformed"), session: session)
      let error = try #require(await failure(of: loader))
      guard case .malformedPage(let path, let problem) = error.reason else {
        Issue.record("reason is \(error.reason)")
        return
      }
      #expect(path == "[1].id")
      #expect(problem.contains("Int"))
      #expect(error.description.contains("failed: the page is malformed at [1].id: "))

      let html = RemotePageLoader<Story>(url: server.url("/not-json"), session: session)
      let notJSON = try #require(await failure(of: html))
      guard case .malformedPage(let wholePath, _) = notJSON.reason else {
        Issue.record("reason is \(notJSON.reason)")
        return
      }
      #expect(wholePath.isEmpty)
      #expect(notJSON.description.contains("failed: the page is not a JSON array of items: "))
      // One sentence, one period: Foundation's "…was not valid JSON." lost its own (the row a
      // person sees read "…was not valid JSON..").
      for description in [error.description, notJSON.description, notJSON.localizedDescription] {
        #expect(!description.contains(".."), "\(description)")
        #expect(!description.contains(". ("), "\(description)")
        #expect(description.hasSuffix(".") && !description.hasSuffix(".)."), "\(description)")
      }
    }
  }

  @Test func aPortNobodyListensOnRefusesTheConnection() async throws {
    // Bound but not listening: the port is ours, and a connection to it is refused.
    let (socket, port) = try LoopbackHTTPServer.openSocket(listens: false)
    defer { close(socket) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/stories"))
    let error = try #require(await failure(of: RemotePageLoader<Story>(url: url, session: session)))
    #expect(error.reason == .connectionRefused)
    #expect(
      error.description
        == "Page 0 from http://127.0.0.1:\(port)/stories?page=0&page_size=2 failed: "
        + "the connection was refused (nothing listens there).")
  }

  @MainActor @Test func theFailureRowShowsTheServersError() async throws {
    try await withServer { server, session in
      let broken = RemotePageLoader<Story>(url: server.url("/broken"), session: session)
      let model = PagedModel(pageSize: 2, loader: broken.pageLoader)
      let table = TableView(dataSource: ModelDataSource(model: model))
      await model.load()
      let row = try table.cell(at: TablePosition(section: 0, row: 0))
      #expect(row.kind == .failure)
      #expect(
        row.text
          == "Page 0 from http://127.0.0.1:\(server.port)/broken?page=0&page_size=2 failed: "
          + "the server answered HTTP 500.")
      #expect(row.detailText == "Select to retry")
    }
  }

  @MainActor @Test func cancellingTheTaskOfAHeldRequestIsACancelNotAFailure() async throws {
    try await withServer { server, session in
      let silent = RemotePageLoader<Story>(url: server.url("/silent"), session: session)
      let model = PagedModel(pageSize: 2, loader: silent.pageLoader)
      let load = Task { await model.load() }
      while !model.loadState.isLoading { await Task.yield() }
      load.cancel()
      await load.value
      guard case .cancelled = model.loadState else {
        Issue.record("state is \(model.loadState)")
        return
      }
    }
  }

  /// The lines of the "Loading and paging" article that make a model over HTTP.
  @MainActor @Test func theArticlesRemoteModelLoadsPages() async throws {
    try await withServer { server, _ in
      let storiesURL = server.url("/stories")

      let loader = RemotePageLoader<Story>(url: storiesURL, timeout: 10)
      let stories = PagedModel(pageSize: 50, loader: loader.pageLoader)

      await stories.load()
      #expect(stories.items.map(\.id) == [0, 1, 2, 3, 4])
      #expect(!stories.hasMore)
    }
  }
}
