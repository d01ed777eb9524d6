public import Foundation
import TableKit
public import TableKitModels

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// Fetches pages of JSON items over HTTP with `URLSession`: `GET url?page=2&page_size=50`,
/// answered by a JSON array of items.
///
/// ```swift
/// let loader = RemotePageLoader<Post>(url: URL(string: "https://example.com/posts")!)
/// let feed = PagedModel(pageSize: 50, loader: loader.pageLoader)
/// await feed.load()  // GET https://example.com/posts?page=0&page_size=50
/// ```
///
/// The page number (from 0) goes in ``pageParameter`` and the page size in
/// ``pageSizeParameter``, added to any query the URL already has. The answer must have a status
/// in 200–299 and a body that decodes as `[Item]`.
///
/// A body is received a chunk at a time and may take at most ``maximumBodyBytes`` (32 MiB by
/// default): a longer one, or one whose `Content-Length` says it will be, stops the transfer at
/// once with ``RemotePageError/Reason/bodyTooLarge(limit:)``, so a page can never take unbounded
/// memory (a page of items is usually kilobytes; decoding takes a few times the body's size).
///
/// Every failure is a ``RemotePageError`` with the page, the URL asked and the reason: an HTTP
/// status, a timeout, a refused connection, a body over the limit, a malformed page (with where
/// in the JSON), or another transport failure. Cancelling the task that loads throws `CancellationError`
/// instead, which `PagedModel` reports as a cancel, not a failure.
public struct RemotePageLoader<Item: Decodable & Sendable>: Sendable {
  /// The address of the pages, without the page parameters.
  public var url: URL
  /// The query parameter that carries the page number; `page` by default.
  public var pageParameter: String
  /// The query parameter that carries the page size, or `nil` to send none; `page_size` by
  /// default.
  public var pageSizeParameter: String?
  /// How long to wait for an answer, in seconds; 30 by default.
  public var timeout: Double
  /// The session whose configuration the requests are made with.
  public var session: URLSession
  /// The most bytes a page's body may have; 32 MiB by default.
  ///
  /// A setting below 1 is taken as 1, so no setting traps.
  public var maximumBodyBytes: Int

  /// The default most bytes in a page's body: 32 MiB.
  public static var defaultMaximumBodyBytes: Int { 32 << 20 }

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - url: The address of the pages.
  ///   - pageParameter: The query parameter for the page number.
  ///   - pageSizeParameter: The query parameter for the page size, or `nil`.
  ///   - timeout: How long to wait for an answer, in seconds.
  ///   - session: The session whose configuration the requests are made with;
  ///     `URLSession.shared` by default.
  ///   - maximumBodyBytes: The most bytes a page's body may have.
  public init(
    url: URL,
    pageParameter: String = "page",
    pageSizeParameter: String? = "page_size",
    timeout: Double = 30,
    session: URLSession = .shared,
    maximumBodyBytes: Int = defaultMaximumBodyBytes
  ) {
    self.maximumBodyBytes = maximumBodyBytes
    self.url = url
    self.pageParameter = pageParameter
    self.pageSizeParameter = pageSizeParameter
    self.timeout = timeout
    self.session = session
  }

  /// The URL of one page: ``url`` with the page parameters added to its query.
  ///
  /// - Parameters:
  ///   - page: The page, from 0.
  ///   - pageSize: The items a full page holds.
  /// - Returns: The URL to ask.
  public func url(forPage page: Int, pageSize: Int) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    var query = components.queryItems ?? []
    query.append(URLQueryItem(name: pageParameter, value: String(page)))
    if let pageSizeParameter {
      query.append(URLQueryItem(name: pageSizeParameter, value: String(pageSize)))
    }
    components.queryItems = query
    return components.url ?? url
  }

  /// Fetches and decodes one page.
  ///
  /// - Parameters:
  ///   - page: The page, from 0.
  ///   - pageSize: The items a full page holds.
  /// - Returns: The page's items, in order.
  /// - Throws: ``RemotePageError`` naming the URL and what went wrong, or `CancellationError`
  ///   when the task was cancelled.
  public func load(page: Int, pageSize: Int) async throws -> [Item] {
    let address = url(forPage: page, pageSize: pageSize)
    var request = URLRequest(url: address, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do {
      guard let answer = try await fetch(request, page: page) else {
        throw RemotePageError(page: page, url: address, reason: .timedOut(seconds: timeout))
      }
      (data, response) = answer
    } catch let error as RemotePageError {
      throw error
    } catch {
      try Task.checkCancellation()
      throw RemotePageError(page: page, url: address, reason: reason(for: error))
    }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      throw RemotePageError(page: page, url: address, reason: .httpStatus(http.statusCode))
    }
    do {
      return try JSONDecoder().decode([Item].self, from: data)
    } catch let error as DecodingError {
      throw RemotePageError(page: page, url: address, reason: Self.malformed(error))
    }
  }

  /// The answer to `request`, or `nil` when none came within ``timeout``.
  ///
  /// The loader keeps the time itself, racing the request against a sleep: FoundationNetworking
  /// on Linux takes the session configuration's `timeoutIntervalForRequest` (60 s by default)
  /// and ignores the request's own `timeoutInterval`, so a shorter ``timeout`` was not kept there.
  func fetch(_ request: URLRequest, page: Int) async throws -> (Data, URLResponse)? {
    let configuration = session.configuration
    let limit = max(maximumBodyBytes, 1)
    let seconds = timeout.isFinite ? min(max(timeout, 0), 1_000_000_000) : 1_000_000_000
    let nanoseconds = UInt64(seconds * 1_000_000_000)
    return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
      group.addTask {
        switch await BodyCollector.fetch(request, limit: limit, configuration: configuration) {
        case .received(let data, let response):
          return (data, response)
        case .tooLarge:
          throw RemotePageError(
            page: page, url: request.url ?? url, reason: .bodyTooLarge(limit: limit))
        case .failed(let error):
          throw error
        }
      }
      group.addTask {
        try await Task.sleep(nanoseconds: nanoseconds)
        return nil
      }
      defer { group.cancelAll() }
      return try await group.next() ?? nil
    }
  }

  /// What a transfer error means for the page.
  func reason(for error: any Error) -> RemotePageError.Reason {
    guard let error = error as? URLError else { return .transport(String(describing: error)) }
    switch error.code {
    case .timedOut: return .timedOut(seconds: timeout)
    case .cannotConnectToHost: return .connectionRefused
    default: return .transport(error.localizedDescription)
    }
  }

  /// `text` without the spaces and periods it ends with.
  private static func withoutFinalPeriod(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last == "." || last == " " { text.removeLast() }
    return String(text)
  }

  /// Where and why a page did not decode.
  static func malformed(_ error: DecodingError) -> RemotePageError.Reason {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      return .malformedPage(path: "", problem: String(describing: error))
    }
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    // Foundation's sentences end with a period, and the reason is the end of a sentence that
    // adds its own: "…was not valid JSON.." read in the error row. Each part loses its period.
    var problem = withoutFinalPeriod(context.debugDescription)
    if let underlying = context.underlyingError {
      let detail = (underlying as? any LocalizedError)?.errorDescription ?? "\(underlying)"
      problem += " (\(withoutFinalPeriod(detail)))"
    }
    return .malformedPage(path: path, problem: problem)
  }
}

extension RemotePageLoader where Item: Identifiable & Equatable, Item.ID: Sendable {
  /// This loader as a `PagedModel`'s page loader.
  public var pageLoader: PagedModel<Item>.PageLoader {
    { page, pageSize in try await self.load(page: page, pageSize: pageSize) }
  }
}
