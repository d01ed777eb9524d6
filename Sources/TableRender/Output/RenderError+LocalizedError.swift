// `LocalizedError` is what Foundation's `Error.localizedDescription` looks for; without it the
// property reads "The operation could not be completed. (TableRender.RenderError error 1.)".
// FoundationEssentials (swift-foundation, on Linux and Windows) declares the protocol without
// the rest of Foundation; Apple platforms have it in Foundation.
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RenderError: LocalizedError {
  /// The same sentence as ``description``, so `error.localizedDescription` reads it too.
  public var errorDescription: String? { description }
}
