import Foundation
import Synchronization

/// A feed server that sends caching headers and answers conditional requests, for the cache
/// tests: `/feed` serves 5 stories by `page` and `page_size`, titled with the feed's version.
final class CachingOrigin: Sendable {
  /// What the origin sends and has seen.
  struct State: Sendable {
    /// The `Cache-Control` header sent, or `nil` for none.
    var cacheControl: String? = "max-age=60"
    /// The version of the feed; the `ETag` is `"v<version>"` and the titles end with it.
    var version = 1
    /// Whether an `ETag` is sent.
    var sendsEntityTag = true
    /// The `Last-Modified` header sent, or `nil`.
    var lastModified: String?
    /// Extra headers sent with every answer (`Age`, `Date`, `Expires`).
    var extraHeaders: [String: String] = [:]
    /// The `If-None-Match` and `If-Modified-Since` of each request, in order.
    var conditions: [Conditions] = []
    /// The statuses answered, in order.
    var statuses: [Int] = []
  }

  /// The validators a request carried.
  struct Conditions: Equatable, Sendable {
    var ifNoneMatch: String?
    var ifModifiedSince: String?
  }

  let state = Mutex(State())

  /// Changes what the origin sends.
  func update(_ change: (inout State) -> Void) {
    state.withLock { change(&$0) }
  }

  /// The statuses answered so far.
  var statuses: [Int] { state.withLock { $0.statuses } }
  /// The validators of each request so far.
  var conditions: [Conditions] { state.withLock { $0.conditions } }

  /// The route: 304 when a validator matches, else 200 with the page.
  @Sendable func route(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Action {
    state.withLock { state in
      let page = request.query["page"].flatMap(Int.init) ?? 0
      let size = request.query["page_size"].flatMap(Int.init) ?? 5
      let tag = "\"v\(state.version)\""
      let conditions = Conditions(
        ifNoneMatch: request.headers["if-none-match"],
        ifModifiedSince: request.headers["if-modified-since"])
      state.conditions.append(conditions)
      var headers = state.extraHeaders
      if let cacheControl = state.cacheControl { headers["Cache-Control"] = cacheControl }
      if state.sendsEntityTag { headers["ETag"] = tag }
      if let lastModified = state.lastModified { headers["Last-Modified"] = lastModified }
      let notModified =
        (state.sendsEntityTag && conditions.ifNoneMatch == tag)
        || (conditions.ifNoneMatch == nil && state.lastModified != nil
          && conditions.ifModifiedSince == state.lastModified)
      if notModified {
        state.statuses.append(304)
        return .respond(status: 304, body: "", headers: headers)
      }
      let start = min(max(0, page) * max(1, size), 5)
      let stories = (start..<min(start + max(1, size), 5)).map {
        #"{"id": \#($0), "title": "Story \#($0) v\#(state.version)"}"#
      }
      state.statuses.append(200)
      return .respond(
        status: 200, body: "[" + stories.joined(separator: ", ") + "]", headers: headers)
    }
  }
}
