/// One option of a command, declared once: its names, its value, its help and what it does.
///
/// The parser (``CommandDescription/parse(_:firstIndex:)``) and the help text
/// (``CommandDescription/help``) both read these, so an option cannot be parsed without being
/// described, or described without being parsed.
///
/// ```swift
/// let wrap = CommandOption<Settings>.flag("--wrap", help: "Wrap long values.", sets: \.wraps)
/// ```
package struct CommandOption<Root> {
  /// What follows an option on the command line.
  package typealias Kind = OptionKind

  /// The spellings, short first (`-f`, `--format`).
  package var names: [String]
  /// What follows the option.
  package var kind: Kind
  /// What the option does, for `--help`; wrapped to the terminal's 80 columns there.
  package var help: String
  /// Applies the option to the options value: `value` is `nil` for a flag.
  package var apply:
    (inout Root, _ name: ArgumentToken, _ value: ArgumentToken?) throws(UsageError) -> Void

  /// An option with every part given.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - kind: What follows the option.
  ///   - help: What the option does.
  ///   - apply: Applies the option and its value (`nil` for a flag) to the options value.
  package init(
    _ names: [String], kind: Kind, help: String,
    apply:
      @escaping (inout Root, _ name: ArgumentToken, _ value: ArgumentToken?) throws(UsageError) ->
      Void
  ) {
    self.names = names
    self.kind = kind
    self.help = help
    self.apply = apply
  }

  /// The spellings and the placeholder as help shows them: `-f, --format <format>`.
  package var synopsis: String {
    let names = names.joined(separator: ", ")
    switch kind {
    case .flag: return names
    case .value(let placeholder), .path(let placeholder): return "\(names) \(placeholder)"
    }
  }

  /// The same option applied to the part of a larger value at `keyPath`, as a group of
  /// options shared between commands is.
  ///
  /// - Parameter keyPath: Where the part is in the larger value.
  /// - Returns: The option over the larger value.
  package func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Root>) -> CommandOption<Outer> {
    let apply = self.apply
    return CommandOption<Outer>(names, kind: kind, help: help) {
      (outer: inout Outer, name: ArgumentToken, value: ArgumentToken?) throws(UsageError) in
      try apply(&outer[keyPath: keyPath], name, value)
    }
  }
}

extension CommandOption {
  /// A flag that runs `apply`.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - help: What the flag does.
  ///   - apply: What giving the flag does to the options value.
  /// - Returns: The option.
  package static func flag(
    _ names: String..., help: String, apply: @escaping (inout Root) -> Void
  ) -> CommandOption {
    CommandOption(names, kind: .flag, help: help) {
      (root: inout Root, _: ArgumentToken, _: ArgumentToken?) throws(UsageError) in apply(&root)
    }
  }

  /// A flag that sets the Boolean at `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - help: What the flag does.
  ///   - keyPath: The Boolean it sets.
  ///   - value: What it sets it to; `true` unless the flag turns something off.
  /// - Returns: The option.
  package static func flag(
    _ names: String..., help: String, sets keyPath: WritableKeyPath<Root, Bool>,
    to value: Bool = true
  ) -> CommandOption {
    CommandOption(names, kind: .flag, help: help) {
      (root: inout Root, _: ArgumentToken, _: ArgumentToken?) throws(UsageError) in
      root[keyPath: keyPath] = value
    }
  }

  /// An option whose value is converted by `convert` and stored at `keyPath`.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - placeholder: The value as help shows it (`<n>`).
  ///   - help: What the option does.
  ///   - expected: What the value must be, for the message when `convert` fails.
  ///   - convert: The conversion; `nil` when the text is not a valid value.
  ///   - keyPath: Where the value goes.
  /// - Returns: The option.
  package static func value<Value>(
    _ names: String..., placeholder: String, help: String, expected: String,
    _ convert: @escaping (String) -> Value?, to keyPath: WritableKeyPath<Root, Value>
  ) -> CommandOption {
    CommandOption(names, kind: .value(placeholder: placeholder), help: help) {
      (root: inout Root, name: ArgumentToken, value: ArgumentToken?) throws(UsageError) in
      root[keyPath: keyPath] = try converted(value, option: name, expected: expected, convert)
    }
  }

  /// An option whose value is converted by `convert` and stored in the optional at `keyPath`.
  ///
  /// Apart from ``value(_:placeholder:help:expected:_:to:)`` so that a failed conversion is an
  /// error, never a `nil` stored in the optional.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - placeholder: The value as help shows it (`<n>`).
  ///   - help: What the option does.
  ///   - expected: What the value must be, for the message when `convert` fails.
  ///   - convert: The conversion; `nil` when the text is not a valid value.
  ///   - keyPath: Where the value goes.
  /// - Returns: The option.
  package static func optionalValue<Value>(
    _ names: String..., placeholder: String, help: String, expected: String,
    _ convert: @escaping (String) -> Value?, to keyPath: WritableKeyPath<Root, Value?>
  ) -> CommandOption {
    CommandOption(names, kind: .value(placeholder: placeholder), help: help) {
      (root: inout Root, name: ArgumentToken, value: ArgumentToken?) throws(UsageError) in
      root[keyPath: keyPath] = try converted(value, option: name, expected: expected, convert)
    }
  }

  /// An option whose value is taken as written and stored at `keyPath`.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - placeholder: The value as help shows it (`<text>`).
  ///   - help: What the option does.
  ///   - keyPath: Where the text goes.
  /// - Returns: The option.
  package static func text(
    _ names: String..., placeholder: String, help: String,
    to keyPath: WritableKeyPath<Root, String?>
  ) -> CommandOption {
    CommandOption(names, kind: .value(placeholder: placeholder), help: help) {
      (root: inout Root, _: ArgumentToken, value: ArgumentToken?) throws(UsageError) in
      root[keyPath: keyPath] = value?.text
    }
  }

  /// An option whose value is a path, handed with its place to `apply`.
  ///
  /// - Parameters:
  ///   - names: The spellings, short first.
  ///   - placeholder: The path as help shows it (`<file>`).
  ///   - help: What the option does.
  ///   - apply: Stores the path (the token keeps its place for later messages).
  /// - Returns: The option.
  package static func path(
    _ names: String..., placeholder: String, help: String,
    apply: @escaping (inout Root, ArgumentToken) throws(UsageError) -> Void
  ) -> CommandOption {
    CommandOption(names, kind: .path(placeholder: placeholder), help: help) {
      (root: inout Root, name: ArgumentToken, value: ArgumentToken?) throws(UsageError) in
      guard let value else { throw .missingValue(name) }
      try apply(&root, value)
    }
  }

  /// The value's text converted by `convert`, or an error naming the option and the value.
  ///
  /// - Parameters:
  ///   - value: The value's token; `nil` only for a flag, which no caller passes.
  ///   - option: The option's name token.
  ///   - expected: What the value must be.
  ///   - convert: The conversion.
  /// - Returns: The converted value.
  /// - Throws: ``UsageError/invalidValue(_:option:expected:)``, or
  ///   ``UsageError/missingValue(_:)`` without a value.
  package static func converted<Value>(
    _ value: ArgumentToken?, option: ArgumentToken, expected: String,
    _ convert: (String) -> Value?
  ) throws(UsageError) -> Value {
    guard let value else { throw .missingValue(option) }
    guard let converted = convert(value.text) else {
      throw .invalidValue(value, option: option.text, expected: expected)
    }
    return converted
  }
}
