#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a program ended, by name: the statuses of sysexits.h and of a signal.
///
/// The commands return and exit with these instead of numbers, so each status is written in
/// one place and its meaning travels with it.
///
/// ```swift
/// ExitStatus.usage.exit()   // ends the program with 64
/// ```
package struct ExitStatus: RawRepresentable, Sendable, Hashable {
  /// The number the program ends with.
  package var rawValue: Int32

  /// A status with the number `rawValue`.
  ///
  /// - Parameter rawValue: The number.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Done (0).
  package static let success = ExitStatus(rawValue: 0)
  /// Not done, for a reason the command reports (1).
  package static let failure = ExitStatus(rawValue: 1)
  /// The command line is wrong (EX_USAGE, 64).
  package static let usage = ExitStatus(rawValue: 64)
  /// The input is wrong (EX_DATAERR, 65).
  package static let dataError = ExitStatus(rawValue: 65)
  /// The input does not exist (EX_NOINPUT, 66).
  package static let noInput = ExitStatus(rawValue: 66)
  /// Something needed is unavailable (EX_UNAVAILABLE, 69).
  package static let unavailable = ExitStatus(rawValue: 69)
  /// An internal error (EX_SOFTWARE, 70).
  package static let software = ExitStatus(rawValue: 70)
  /// An output cannot be created, or may not be replaced (EX_CANTCREAT, 73).
  package static let cannotCreate = ExitStatus(rawValue: 73)
  /// Reading or writing failed (EX_IOERR, 74).
  package static let ioError = ExitStatus(rawValue: 74)
  /// Not permitted (EX_NOPERM, 77).
  package static let noPermission = ExitStatus(rawValue: 77)
  /// Ended by Ctrl-C (SIGINT): 130, as a shell reports it.
  package static let interrupted = terminated(bySignal: SIGINT)

  /// The status a shell reports for a program ended by the signal `number`: 128 + `number`.
  ///
  /// - Parameter number: The signal's number (`SIGTERM`).
  /// - Returns: The status.
  package static func terminated(bySignal number: Int32) -> ExitStatus {
    ExitStatus(rawValue: 128 + number)
  }

  /// Ends the program with this status (`exit(3)`: buffers are flushed, `atexit` runs).
  package func exit() -> Never {
    #if canImport(Glibc)
      Glibc.exit(rawValue)
    #elseif canImport(Darwin)
      Darwin.exit(rawValue)
    #endif
  }

  /// Ends the program with this status at once (`_exit(2)`), as a signal handler must.
  package func exitImmediately() -> Never {
    _exit(rawValue)
  }
}
