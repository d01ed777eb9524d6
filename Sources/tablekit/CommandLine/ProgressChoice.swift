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
        help: "Show progress on standard error even when it is not a terminal.",
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
    switch self {
    case .on: true
    case .off: false
    case .automatic: isatty(2) == 1 && getenv("CI") == nil
    }
  }
}
