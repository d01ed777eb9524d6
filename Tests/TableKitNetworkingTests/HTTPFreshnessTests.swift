import Foundation
import TableKit
import TableKitModels
import TableKitNetworking
import Testing

/// The caching headers read as RFC 9111 says, without a server.
@Suite struct HTTPFreshnessTests {
  let sent = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test func anIMFFixdateIsRead() {
    #expect(HTTPFreshness.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == sent)
    #expect(
      HTTPFreshness.httpDate("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
    #expect(HTTPFreshness.httpDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    #expect(HTTPFreshness.httpDate("Sun Nov  6 08:49:37 1994") == nil)
    #expect(HTTPFreshness.httpDate("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
  }

  @Test func directivesAreCaseInsensitiveAndUnquoted() {
    let directives = HTTPFreshness.parseDirectives(#"Max-Age="60", no-cache, private="set-cookie""#)
    #expect(directives["max-age"] == .some("60"))
    #expect(directives["no-cache"] == .some(nil))
    #expect(directives["private"] == .some("set-cookie"))
  }

  static let lifetimes: [([String: String], Double)] = [
    (["cache-control": "max-age=60"], 60.0),
    (["cache-control": "max-age=60, no-cache"], 0),
    (["cache-control": "max-age=ten"], 0),  // invalid: stale
    (["date": "Sun, 06 Nov 1994 08:49:37 GMT", "expires": "Sun, 06 Nov 1994 08:50:37 GMT"], 60),
    (["date": "Sun, 06 Nov 1994 08:49:37 GMT", "expires": "0"], 0),  // invalid: expired
    (["cache-control": "max-age=5", "expires": "Sun, 06 Nov 1994 09:49:37 GMT"], 5),
    ([:], 0),  // no explicit freshness, no heuristic
  ]

  @Test(arguments: lifetimes)
  func theLifetimeComesFromMaxAgeThenExpires(fields: [String: String], lifetime: Double) {
    #expect(HTTPFreshness(fields: fields).lifetime(responseTime: sent) == lifetime)
  }

  @Test func theInitialAgeIsTheLargerOfApparentAndCorrectedAge() {
    let date = "Sun, 06 Nov 1994 08:49:37 GMT"
    let arrived = sent.addingTimeInterval(30)  // the clock says 30 s after Date
    let apparent = HTTPFreshness(fields: ["date": date, "age": "10"])
      .freshness(requestTime: arrived.addingTimeInterval(-2), responseTime: arrived)
    #expect(apparent.initialAge == 30)
    let corrected = HTTPFreshness(fields: ["date": date, "age": "100"])
      .freshness(requestTime: arrived.addingTimeInterval(-2), responseTime: arrived)
    #expect(corrected.initialAge == 102)  // Age plus the time the request took
  }

  @Test func noStoreIsNotStorable() {
    #expect(!HTTPFreshness(fields: ["cache-control": "No-Store"]).isStorable)
    #expect(HTTPFreshness(fields: ["cache-control": "no-cache"]).isStorable)
  }
}
