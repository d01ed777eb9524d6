import TableKitArguments

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether long work shows its progress on standard error.
package enum ProgressChoice: Sendable, Equatable {
  /// When standard error is a terminal, and never in CI (`CI` set) or on a pipe.
  case automatic
  /// Always (`--progress`).
  case on
  /// Never (`--no-progress`).
  case off

  /// `--progress` and `--no-progress`, shared by every command that does long work.
  static var options: [CommandOption<ProgressChoice>] {
    [
      .flag(
        "--progress",
        help: """
          Show progress on standard error even when it is not a terminal: the bytes \
          read of the input's size and the rows read, or the pages an export wrote.
          """,
        apply: { $0 = .on }),
      .flag(
        "--no-progress",
        help: """
          Never show progress. By default it is shown when standard error is a \
          terminal and CI is not set in the environment.
          """,
        apply: { $0 = .off }),
    ]
  }

  /// Whether progress is shown, by the choice and, when automatic, standard error.
  package var showsProgress: Bool {
    showsProgress(onTerminal: isatty(2) == 1, inCI: getenv("CI") != nil)
  }

  /// Whether progress is shown, by the choice and, when automatic, where standard error goes.
  ///
  /// - Parameters:
  ///   - onTerminal: Whether standard error is a terminal (not a pipe or a file).
  ///   - inCI: Whether `CI` is set in the environment, as CI services set it.
  /// - Returns: Whether the progress line is drawn.
  package func showsProgress(onTerminal: Bool, inCI: Bool) -> Bool {
    switch self {
    case .on: true
    case .off: false
    case .automatic: onTerminal && !inCI
    }
  }
}
