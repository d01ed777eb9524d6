package import TableKitArguments

/// Why a command stops: the message for standard error and the status to end with.
package struct CommandFailure: Error {
  /// What went wrong, as a clause (``errorLine(_:)`` gives it its style).
  package var message: String
  /// The status the program ends with.
  package var status: ExitStatus

  /// Prints the message and ends the program with the status.
  func exit() -> Never {
    fail(message, status: status)
  }
}
