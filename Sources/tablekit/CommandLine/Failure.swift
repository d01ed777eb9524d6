import TableKitArguments

/// Prints `message` to standard error and ends the program with `status`.
///
/// The message is made inert first (``TerminalText/inert(_:)``): it may echo a file name, an
/// option value or text from the input, and none of it may reach the terminal as a control
/// character.
func fail(_ message: String, status: ExitStatus) -> Never {
  var standardError = FileDescriptorStream.standardError
  print(errorLine(message), to: &standardError)
  status.exit()
}

/// The line `fail` prints for `message`: `tablekit: ` and the message as a lower-case clause,
/// made inert.
///
/// Every message on standard error has this one style, whichever layer wrote it: the
/// libraries' errors are sentences ("Page 2 could not be loaded."), the readers' clauses
/// ("data.csv:7:1: row 6 has 4 fields"). A capital that starts an ordinary word is lowered
/// (an acronym such as `URL` or `CSV` is kept) and one final full stop is dropped.
package func errorLine(_ message: String) -> String {
  "tablekit: \(TerminalText.inert(clause(message)))"
}

/// `message` as a clause: its first word lowered unless it is an acronym, no final full stop.
///
/// - Parameter message: A sentence or a clause.
/// - Returns: The clause.
package func clause(_ message: String) -> String {
  var text = message
  if text.hasSuffix("."), !text.hasSuffix("..") { text.removeLast() }
  guard let first = text.first, first.isUppercase else { return text }
  let second = text.dropFirst().first
  if let second, second.isUppercase || second.isNumber { return text }
  return first.lowercased() + text.dropFirst()
}

/// Reports a usage error (the argument and its place, then where help is) and ends the
/// program with ``ExitStatus/usage``.
func fail(_ error: UsageError, help: String) -> Never {
  fail("\(error); see \(help)", status: .usage)
}
