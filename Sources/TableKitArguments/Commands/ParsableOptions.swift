/// The options value of a command: made empty, filled by the parser, and able to say that
/// help was asked for.
package protocol ParsableOptions {
  /// The options before any argument is read: every default.
  init()
  /// Whether `-h` or `--help` was given; the parser then skips the command's checks.
  var showHelp: Bool { get set }
}
