package import Foundation
package import TableKitModels

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// The caching headers of an HTTP response, read as RFC 9111 describes them for a private
/// cache: `Cache-Control` (`max-age`, `no-cache`, `no-store`), `Age`, `Date`, `Expires`,
/// `ETag` and `Last-Modified`.
///
/// ```swift
/// let headers = HTTPFreshness(fields: ["cache-control": "max-age=60", "age": "10"])
/// headers.freshness(requestTime: sent, responseTime: received)  // lifetime 60, age 10 + delay
/// ```
///
/// - **Lifetime** (§4.2.1): `no-cache` makes it 0 (revalidate before every use); else
///   `max-age`; else `Expires` minus `Date`; else 0 (no heuristic freshness: a page without
///   explicit freshness is revalidated on every load). A `max-age` that is not a whole number
///   of seconds, or an `Expires` that is not an HTTP date, counts as already stale (§5.3).
///   `s-maxage` and `public` are for shared caches and are ignored.
/// - **Age** (§4.2.3): the larger of `response_time - Date` and `Age` plus the time the
///   request took.
/// - **Storing** (§3): nothing is stored when the response says `no-store`.
package struct HTTPFreshness: Hashable, Sendable {
  /// The `Cache-Control` directives, lower-cased, with their values unquoted (`nil` for none).
  package var directives: [String: String?]
  /// The `Date` header, when it is a valid HTTP date.
  package var date: Date?
  /// The `Expires` header: `nil` when absent, `.distantPast` when not a valid HTTP date.
  package var expires: Date?
  /// The `Age` header in seconds, when it is a whole number.
  package var age: Double?
  /// The `ETag` header.
  package var entityTag: String?
  /// The `Last-Modified` header.
  package var lastModified: String?

  /// Reads the caching headers from header fields whose names are lower-cased.
  ///
  /// - Parameter fields: The response's header fields, names lower-cased.
  package init(fields: [String: String]) {
    directives = Self.parseDirectives(fields["cache-control"] ?? "")
    date = fields["date"].flatMap(Self.httpDate)
    expires = fields["expires"].map { Self.httpDate($0) ?? .distantPast }
    age = fields["age"].flatMap { UInt32($0.trimmingCharacters(in: .whitespaces)) }.map(Double.init)
    entityTag = fields["etag"]
    lastModified = fields["last-modified"]
  }

  /// Reads the caching headers of `response`.
  ///
  /// - Parameter response: An HTTP response.
  package init(_ response: HTTPURLResponse) {
    var fields: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      fields[name.lowercased()] = value
    }
    self.init(fields: fields)
  }

  /// Whether the response may be stored: it does not say `no-store`.
  package var isStorable: Bool { directives["no-store"] == nil }

  /// The freshness lifetime in seconds (RFC 9111 §4.2.1) of a response that arrived at
  /// `responseTime`; `Expires` counts from `Date`, or from `responseTime` without one.
  ///
  /// - Parameter responseTime: When the response arrived.
  /// - Returns: The lifetime, 0 or more.
  package func lifetime(responseTime: Date) -> Double {
    if directives["no-cache"] != nil { return 0 }
    if let maxAge = directives["max-age"] {
      guard let text = maxAge, let seconds = UInt32(text) else { return 0 }
      return Double(seconds)
    }
    if let expires {
      return max(0, expires.timeIntervalSince(date ?? responseTime))
    }
    return 0
  }

  /// The freshness of the response, reckoned as RFC 9111 §4.2.3 does.
  ///
  /// - Parameters:
  ///   - requestTime: When the request was sent.
  ///   - responseTime: When the response arrived.
  /// - Returns: The response time, its corrected initial age and its lifetime.
  package func freshness(requestTime: Date, responseTime: Date) -> PageFreshness {
    let apparentAge = date.map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
    let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
    let correctedAge = (age ?? 0) + responseDelay
    return PageFreshness(
      responseTime: responseTime, initialAge: max(apparentAge, correctedAge),
      lifetime: lifetime(responseTime: responseTime))
  }

  // MARK: Parsing

  /// The directives of a `Cache-Control` value: `max-age=60, no-cache, private="x"`.
  package static func parseDirectives(_ value: String) -> [String: String?] {
    var result: [String: String?] = [:]
    for part in value.split(separator: ",") {
      let pieces = part.split(separator: "=", maxSplits: 1)
      guard let first = pieces.first else { continue }
      let name = first.trimmingCharacters(in: .whitespaces).lowercased()
      guard !name.isEmpty else { continue }
      var argument = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : nil
      if let text = argument, text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
        argument = String(text.dropFirst().dropLast())
      }
      // The first occurrence wins when a directive repeats.
      if result[name] == nil { result[name] = .some(argument) }
    }
    return result
  }

  /// The date of an IMF-fixdate, or `nil`.
  ///
  /// IMF-fixdate is `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7); the obsolete RFC 850
  /// and asctime forms are not read.
  package static func httpDate(_ text: String) -> Date? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int(parts[1]), parts[1].count == 2, (1...31).contains(day),
      let monthIndex = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3]), parts[3].count == 4
    else { return nil }
    let clock = parts[4].split(separator: ":")
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
      hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
