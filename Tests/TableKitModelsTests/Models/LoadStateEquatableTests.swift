import TableKit
import TableKitModels
import Testing

@Suite struct LoadStateEquatableTests {
  struct Offline: Error, Equatable { var retryAfter: Int }
  struct Opaque: Error { var detail: String }
  struct OtherOpaque: Error { var detail: String }

  @Test func sameCasesWithEqualContentsAreEqual() {
    #expect(LoadState.idle == .idle)
    #expect(LoadState.loaded == .loaded)
    #expect(LoadState.cancelled == .cancelled)
    #expect(LoadState.loading(.more) == .loading(.more))
    #expect(LoadState.failed(Offline(retryAfter: 5)) == .failed(Offline(retryAfter: 5)))
    #expect(LoadState.failed(Opaque(detail: "x")) == .failed(Opaque(detail: "x")))
  }

  @Test func differentCasesOrContentsAreNot() {
    let states: [LoadState] = [
      .idle, .loaded, .cancelled, .loading(.first), .loading(.more), .loading(.refresh),
      .failed(Offline(retryAfter: 5)),
    ]
    for (i, left) in states.enumerated() {
      for (j, right) in states.enumerated() {
        #expect((left == right) == (i == j), "\(left) against \(right)")
      }
    }
    #expect(LoadState.failed(Offline(retryAfter: 5)) != .failed(Offline(retryAfter: 6)))
    #expect(LoadState.failed(Opaque(detail: "x")) != .failed(Opaque(detail: "y")))
    // Same contents, different types: not equal, Equatable or not.
    #expect(LoadState.failed(Opaque(detail: "x")) != .failed(OtherOpaque(detail: "x")))
  }
}
