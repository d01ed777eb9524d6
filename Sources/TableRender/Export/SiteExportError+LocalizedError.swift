// FoundationEssentials (swift-foundation, on Linux and Windows) declares the protocol without
// the rest of Foundation.
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension SiteExportError: LocalizedError {
  /// The same message as ``description``.
  public var errorDescription: String? { description }
}
