/// One piece of the command line, with the place it came from.
///
/// An argument is one piece, except `--name=value`, which is two: the option's name and its
/// value. Both keep the whole argument as written and its index, so an error can say
/// "argument 3, `--max-field-bytes=0x`" about either part.
package struct ArgumentToken: Sendable, Hashable {
  /// Which part of its argument a token is.
  package enum Part: Sendable, Hashable {
    /// The whole argument (`--format`, `csv`, `data.csv`).
    case whole
    /// The name before `=` in `--name=value`.
    case name
    /// The value after `=` in `--name=value`.
    case attachedValue
  }

  /// The token's text: an option's name (`--format`), a value (`csv`) or a positional argument.
  package var text: String
  /// The whole argument the token came from, as it was written (`--format=csv`).
  package var argument: String
  /// The argument's place on the command line, from 1 (0 is the program's name).
  package var index: Int
  /// Which part of the argument the token is.
  package var part: Part

  /// A token with its text and its place.
  ///
  /// - Parameters:
  ///   - text: The token's text.
  ///   - argument: The whole argument; by default the token's text.
  ///   - index: The argument's place, from 1.
  ///   - part: Which part of the argument the token is.
  package init(_ text: String, argument: String? = nil, index: Int, part: Part = .whole) {
    self.text = text
    self.argument = argument ?? text
    self.index = index
    self.part = part
  }

  /// Where the token is, for a message: `argument 3, `--max-field-bytes=0x``.
  ///
  /// The argument is quoted as written; the caller makes the whole message safe for the
  /// terminal (it is untrusted text).
  package var place: String {
    "argument \(index), `\(argument)`"
  }
}
