/// A command line the program cannot act on, with the argument that is wrong and its place.
///
/// Every case that is about one argument carries its ``ArgumentToken``, so the message says
/// "argument 3, `--max-field-bytes=0x`: …" and a test can check the place without reading
/// the sentence. The messages quote arguments as written: print them through the program's
/// terminal escaping, since an argument is untrusted text.
package enum UsageError: Error, Sendable, Hashable {
  /// An option no command has (`--bogus`).
  case unknownOption(ArgumentToken)
  /// An option that needs a value was the last argument (the token is the option's name).
  case missingValue(ArgumentToken)
  /// A value the option cannot take: `expected` says what it can (the token is the value).
  case invalidValue(ArgumentToken, option: String, expected: String)
  /// A flag written with a value, `--wrap=yes` (the token is the value).
  case unexpectedValue(ArgumentToken, option: String)
  /// A positional argument the command has no room for, and why.
  case unexpectedArgument(ArgumentToken, reason: String)
  /// An argument that cannot go with one given before it (`earlier`), and why.
  case conflictingOptions(ArgumentToken, earlier: ArgumentToken, reason: String)
  /// Something the command needs was not given at all: "open needs a URL".
  case missingArgument(String)

  /// The argument the error is about; `nil` for ``missingArgument(_:)``.
  package var token: ArgumentToken? {
    switch self {
    case .unknownOption(let token), .missingValue(let token),
      .invalidValue(let token, _, _), .unexpectedValue(let token, _),
      .unexpectedArgument(let token, _), .conflictingOptions(let token, _, _):
      token
    case .missingArgument:
      nil
    }
  }
}
