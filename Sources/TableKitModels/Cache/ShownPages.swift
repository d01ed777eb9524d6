import TableKit

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// What a ``PagedModel`` knows of the age of the pages it shows: when the first of them goes
/// stale, and when those shown straight from the cache were saved.
///
/// ```swift
/// var shown = ShownPages()
/// shown.receive(page0, startingOver: true)   // a load from page 0 forgets the pages before
/// shown.receive(page1, startingOver: false)  // a page appended adds its own dates
/// shown.isStale(at: now)                     // true once the earliest expiry has passed
/// ```
package struct ShownPages: Hashable, Sendable {
  /// The earliest expiry of the pages shown, or `nil` when none expires.
  package private(set) var expiry: Date?
  /// The earliest save date of the pages shown from the cache without asking their source, or
  /// `nil` when there is none.
  package private(set) var savedDate: Date?

  /// No pages shown.
  package init() {}

  /// Takes a page that is now shown.
  ///
  /// - Parameters:
  ///   - page: The page, with its origin, date and expiry.
  ///   - startingOver: Whether it replaces every page shown before (a load from page 0).
  package mutating func receive<Item>(_ page: LoadedPage<Item>, startingOver: Bool) {
    if startingOver { self = ShownPages() }
    if let pageExpiry = page.expiry { expiry = min(expiry ?? pageExpiry, pageExpiry) }
    if page.origin == .cache { savedDate = min(savedDate ?? page.date, page.date) }
  }

  /// Whether a page shown is older than its freshness lifetime at `now`.
  ///
  /// - Parameter now: The time to reckon at.
  /// - Returns: `true` once the earliest expiry is reached.
  package func isStale(at now: Date) -> Bool {
    expiry.map { now >= $0 } ?? false
  }
}
