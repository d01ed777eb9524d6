/// What ``ArgumentScanner/next()`` found: an option, or a positional argument.
package enum ScannedArgument: Sendable, Hashable {
  /// An option (`-f`, `--format`, `--format=csv`): its name and, when written with `=`, the
  /// value after it.
  case option(ScannedOption)
  /// A positional argument: one that does not start with `-`, a lone `-` (standard input), or
  /// anything after `--`.
  case positional(ArgumentToken)
}

/// An option as the scanner found it.
package struct ScannedOption: Sendable, Hashable {
  /// The option's name as written (`-f`, `--format`), with its place.
  package var name: ArgumentToken
  /// The value written after `=` in `--name=value`; `nil` otherwise.
  package var attachedValue: ArgumentToken?

  /// An option with its name and, from `--name=value`, its value.
  ///
  /// - Parameters:
  ///   - name: The option's name token.
  ///   - attachedValue: The value after `=`, if any.
  package init(name: ArgumentToken, attachedValue: ArgumentToken? = nil) {
    self.name = name
    self.attachedValue = attachedValue
  }
}
