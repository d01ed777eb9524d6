extension UsageError: CustomStringConvertible {
  /// The message: the argument's place, then what is wrong with it.
  ///
  /// `argument 3, `--max-field-bytes=0x`: --max-field-bytes needs a whole number of bytes,
  /// not `0x``. Arguments are quoted as written, so print the message through terminal
  /// escaping.
  package var description: String {
    switch self {
    case .unknownOption(let token):
      "\(token.place): unknown option \(token.text)"
    case .missingValue(let token):
      "\(token.place): \(token.text) needs a value after it"
    case .invalidValue(let token, let option, let expected):
      "\(token.place): \(option) needs \(expected), not `\(token.text)`"
    case .unexpectedValue(let token, let option):
      "\(token.place): \(option) takes no value"
    case .unexpectedArgument(let token, let reason):
      "\(token.place): \(reason)"
    case .conflictingOptions(let token, let earlier, let reason):
      "\(token.place): cannot go with \(earlier.place): \(reason)"
    case .missingArgument(let message):
      message
    }
  }
}
