import TableKit
import TableKitArguments
import TableKitNavigation

extension ExitStatus {
  /// The status of `tablekit open` for a level that opening dropped, after sysexits.h.
  ///
  /// No route: ``noInput`` (66); a URL that cannot be read or holds an invalid value:
  /// ``dataError`` (65); a missing object: ``unavailable`` (69); a forbidden one:
  /// ``noPermission`` (77); anything else: ``software`` (70).
  ///
  /// - Parameter failure: Why the level was dropped.
  init(_ failure: RestoreFailure) {
    switch failure {
    case .routing(.noRoute): self = .noInput
    case .routing(.invalidURL), .routing(.invalidParameter), .routing(.rejectedByRoute):
      self = .dataError
    case .missingObject: self = .unavailable
    case .forbidden: self = .noPermission
    default: self = .software
    }
  }
}
