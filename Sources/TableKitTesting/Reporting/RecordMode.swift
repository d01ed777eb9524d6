#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether an assertion records the actual text instead of comparing it.
///
/// Recording writes the actual text into the test's source, in place of the expected string
/// literal, and then *fails the test*: a test left recording can never pass, on a laptop or on
/// CI. Turn recording on for one assertion with its `record:` parameter, or for a whole run with
/// the environment variable `TABLEKIT_RECORD=1`; run again without it to see the tests pass.
public enum RecordMode: Hashable, Sendable {
  /// Compare with the expected text; the default.
  case compare
  /// Write the actual text into the source, then fail.
  case record

  /// The name of the environment variable that turns recording on for a run.
  public static let environmentVariable = "TABLEKIT_RECORD"

  /// ``record`` when `TABLEKIT_RECORD` is set to anything but `0` or an empty string, otherwise
  /// ``compare``.
  public static var fromEnvironment: RecordMode {
    guard let pointer = getenv(environmentVariable) else { return .compare }
    let value = String(cString: pointer)
    return value.isEmpty || value == "0" ? .compare : .record
  }
}

extension RecordMode {
  /// Writes `text` into the source literal that holds `expected` after the call at `site`, and
  /// says what was done; the caller reports it as a failure, since recording always fails.
  static func recordingMessage(
    _ text: String, replacing expected: String, version: TableRendering.Version,
    at site: CallSite, what: String
  ) -> String {
    recordingMessage(
      text, replacing: expected, version: version, path: String(describing: site.filePath),
      fileID: String(describing: site.fileID), line: Int(site.line), what: what)
  }

  /// Writes `text` into the literal that holds `expected` after `line` of the file at `path`
  /// (named `fileID` in the message), and says what was done.
  ///
  /// The message names the line where the literal opens in the file as this recording left it;
  /// a recording above it in the same run, made later, moves it further down.
  package static func recordingMessage(
    _ text: String, replacing expected: String, version: TableRendering.Version,
    path: String, fileID: String, line: Int, what: String
  ) -> String {
    var message = "Record mode is on, so this assertion fails (a recording never passes): "
    do {
      let literal = try InlineLiteralWriter.replaceLiteral(
        in: path, afterLine: line, expected: expected, with: text)
      message +=
        "wrote \(what) (version \(version.rawValue)) into the literal that opens at line "
        + "\(literal) of \(fileID) as this recording left the file. "
    } catch {
      message += "did not write the source: \(error). "
    }
    return message
      + "Turn recording off (unset \(environmentVariable) or drop record:) and run again.\n"
      + "The actual text:\n" + text
  }
}
