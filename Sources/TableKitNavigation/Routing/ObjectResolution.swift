import TableKit

/// What looking up an object by its ID found: the object, nothing, or a refusal.
///
/// There is no "found nothing, show an empty level": a level whose object is missing or
/// forbidden is not built, and opening or restoring reports why (``RestoreFailure``).
public enum ObjectResolution<Object: Sendable>: Sendable {
  /// The object.
  case found(Object)
  /// No object has the ID (deleted, or never existed).
  case missing
  /// The object exists but may not be shown; `reason` says why, for the report.
  case forbidden(reason: String)
}
