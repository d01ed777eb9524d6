import TableKit

/// The exit statuses of `tablekit open`, after sysexits.h.
enum OpenExitCode: Int32 {
  /// The stack was printed.
  case success = 0
  /// The arguments are wrong.
  case usage = 64
  /// The URL cannot be read, or a value in it is not valid (EX_DATAERR).
  case invalidURL = 65
  /// No route matches the URL (EX_NOINPUT).
  case noRoute = 66
  /// An object the URL names does not exist (EX_UNAVAILABLE).
  case missingObject = 69
  /// A level could not be built (EX_SOFTWARE).
  case internalError = 70
  /// Writing the output failed (EX_IOERR).
  case outputFailed = 74
  /// An object the URL names may not be shown (EX_NOPERM).
  case forbidden = 77

  /// The status for a level that opening dropped.
  init(_ failure: RestoreFailure) {
    switch failure {
    case .routing(.noRoute): self = .noRoute
    case .routing(.invalidURL), .routing(.invalidParameter), .routing(.rejectedByRoute):
      self = .invalidURL
    case .missingObject: self = .missingObject
    case .forbidden: self = .forbidden
    default: self = .internalError
    }
  }
}
