import Foundation
import TableKit
import TableKitNetworking
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What Foundation's own `URLCache` does with a cacheable answer, measured against the
/// loopback server: the facts the caching loader's documentation states.
@Suite struct FoundationURLCacheTests {
  #if canImport(FoundationNetworking)
    /// On Linux, a default session has a `URLCache`, yet FoundationNetworking neither stores a
    /// `max-age=60` answer nor answers its repeat, and adds no validators of its own.
    @Test func foundationNetworkingsURLCacheAnswersNothingOnLinux() async throws {
      let origin = CachingOrigin()
      let server = try LoopbackHTTPServer(route: origin.route)
      let configuration = URLSessionConfiguration.default
      let urlCache = try #require(configuration.urlCache)
      #expect(urlCache.memoryCapacity > 0)
      #expect(configuration.requestCachePolicy == .useProtocolCachePolicy)
      let session = URLSession(configuration: configuration)
      defer {
        session.invalidateAndCancel()
        server.stop()
      }
      let loader = RemotePageLoader<Story>(url: server.url("/feed"), session: session)
      _ = try await loader.load(page: 0, pageSize: 2)
      _ = try await loader.load(page: 0, pageSize: 2)
      #expect(server.requestCount == 2)
      #expect(origin.statuses == [200, 200])
      #expect(origin.conditions.allSatisfy { $0.ifNoneMatch == nil && $0.ifModifiedSince == nil })
      let stored = urlCache.cachedResponse(
        for: URLRequest(url: loader.url(forPage: 0, pageSize: 2)))
      #expect(stored == nil)
    }
  #endif

  /// A request that carries its own `If-None-Match` gets the server's 304 as it is, so the
  /// caching loader sees the status itself (on every platform).
  @Test func aConditionalRequestOfOurOwnGetsThe304() async throws {
    let origin = CachingOrigin()
    let server = try LoopbackHTTPServer(route: origin.route)
    let session = URLSession(configuration: .default)
    defer {
      session.invalidateAndCancel()
      server.stop()
    }
    var request = URLRequest(
      url: server.url("/feed?page=0&page_size=2"), cachePolicy: .reloadIgnoringLocalCacheData)
    request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
    let (data, response) = try await session.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 304)
    #expect(data.isEmpty)
    #expect(server.requestCount == 1)
  }
}
