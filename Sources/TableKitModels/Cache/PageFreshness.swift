import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// How old a stored page is and how long it stays fresh, kept the way RFC 9111 §4.2 reckons
/// age: the age the page had when it arrived, plus the time it has spent in the cache since.
///
/// A page is fresh while its ``lifetime`` is greater than its ``age(at:)``:
///
/// ```swift
/// let arrived = Date(timeIntervalSince1970: 1_000)
/// let freshness = PageFreshness(responseTime: arrived, initialAge: 10, lifetime: 60)
/// freshness.isFresh(at: arrived.addingTimeInterval(49))  // true: 59 s old
/// freshness.isFresh(at: arrived.addingTimeInterval(50))  // false: 60 s old
/// ```
///
/// TableKitNetworking derives it from a response's `Cache-Control`, `Age`, `Date` and
/// `Expires`; a loader that is not HTTP gives a lifetime of its own.
public struct PageFreshness: Hashable, Sendable, Codable {
  /// When the page arrived (RFC 9111's `response_time`).
  public var responseTime: Date
  /// How old the page already was when it arrived, in seconds (RFC 9111's
  /// `corrected_initial_age`); 0 or more.
  public var initialAge: Double
  /// How long the page stays fresh from its creation, in seconds (RFC 9111's
  /// `freshness_lifetime`); 0 means it must be revalidated before every use.
  public var lifetime: Double

  /// Creates the freshness of a page.
  ///
  /// - Parameters:
  ///   - responseTime: When the page arrived.
  ///   - initialAge: Its age on arrival, in seconds; negative or non-finite values count as 0.
  ///   - lifetime: Its freshness lifetime, in seconds; negative or non-finite values count as 0.
  public init(responseTime: Date, initialAge: Double = 0, lifetime: Double) {
    self.responseTime = responseTime
    self.initialAge = initialAge.isFinite ? max(0, initialAge) : 0
    self.lifetime = lifetime.isFinite ? max(0, lifetime) : 0
  }

  /// The page's age at `now`, in seconds: its age on arrival plus the time since (RFC 9111's
  /// `current_age`); a clock that went back adds nothing.
  ///
  /// - Parameter now: The time to reckon at.
  /// - Returns: The age in seconds.
  public func age(at now: Date) -> Double {
    initialAge + max(0, now.timeIntervalSince(responseTime))
  }

  /// Whether the page is still fresh at `now`: its lifetime is greater than its age.
  ///
  /// - Parameter now: The time to reckon at.
  /// - Returns: `true` while the page may be used without asking its source.
  public func isFresh(at now: Date) -> Bool {
    lifetime > age(at: now)
  }

  /// When the page stops being fresh.
  public var expiry: Date {
    responseTime.addingTimeInterval(lifetime - initialAge)
  }
}
