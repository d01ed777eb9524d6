/// Reads a command line one argument at a time, keeping each token's place.
///
/// - `--name value` and `--name=value` are the same option with the same value; a value taken
///   from the next argument is taken as written, even when it starts with `-`
///   (`--sort -amount`), unless it is `--`.
/// - `-x` is a short option, `-x value` a short option with a value (`-f csv`).
/// - `-` alone is positional (standard input), and so is every argument after `--`.
///
/// The scanner does not know which options a command has: the command asks for the next
/// argument, decides what it is, and asks for its value (``value(for:)``) or checks that it
/// has none (``flag(_:)``). Every mistake is a ``UsageError`` naming the argument and its place.
///
/// ```swift
/// var scanner = ArgumentScanner(["--format=csv", "data.csv"])
/// while let argument = scanner.next() {
///   switch argument {
///   case .option(let option) where option.name.text == "--format":
///     format = try scanner.value(for: option).text
///   case .option(let option): throw UsageError.unknownOption(option.name)
///   case .positional(let token): path = token.text
///   }
/// }
/// ```
package struct ArgumentScanner: Sendable {
  private let arguments: [String]
  private let firstIndex: Int
  private var nextIndex = 0
  private var afterTerminator = false

  /// A scanner over `arguments`.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program's name (or a subcommand's name).
  ///   - firstIndex: The place of `arguments[0]` on the whole command line: 1 after the
  ///     program's name, 2 after a subcommand such as `browse`.
  package init(_ arguments: [String], firstIndex: Int = 1) {
    self.arguments = arguments
    self.firstIndex = firstIndex
  }

  /// Whether every argument has been read.
  package var isAtEnd: Bool { nextIndex >= arguments.count }

  /// The next option or positional argument; `nil` after the last one.
  ///
  /// A `--` is consumed here and is never returned.
  package mutating func next() -> ScannedArgument? {
    while nextIndex < arguments.count {
      let text = arguments[nextIndex]
      let index = firstIndex + nextIndex
      nextIndex += 1
      if afterTerminator || text == "-" || !text.hasPrefix("-") {
        return .positional(ArgumentToken(text, index: index))
      }
      if text == "--" {
        afterTerminator = true
        continue
      }
      if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
        let name = ArgumentToken(
          String(text[..<equals]), argument: text, index: index, part: .name)
        let value = ArgumentToken(
          String(text[text.index(after: equals)...]), argument: text, index: index,
          part: .attachedValue)
        return .option(ScannedOption(name: name, attachedValue: value))
      }
      return .option(ScannedOption(name: ArgumentToken(text, index: index)))
    }
    return nil
  }

  /// The value of `option`: the one after `=`, else the next argument as written.
  ///
  /// - Parameter option: The option just returned by ``next()``.
  /// - Returns: The value's token.
  /// - Throws: ``UsageError/missingValue(_:)`` when the option was the last argument or is
  ///   followed by `--`.
  package mutating func value(for option: ScannedOption) throws(UsageError) -> ArgumentToken {
    if let value = option.attachedValue { return value }
    guard nextIndex < arguments.count, !afterTerminator, arguments[nextIndex] != "--" else {
      throw .missingValue(option.name)
    }
    let token = ArgumentToken(arguments[nextIndex], index: firstIndex + nextIndex)
    nextIndex += 1
    return token
  }

  /// The value of `option` converted by `convert`.
  ///
  /// - Parameters:
  ///   - option: The option just returned by ``next()``.
  ///   - expected: What the value must be, for the message: "a positive whole number".
  ///   - convert: The conversion; `nil` when the text is not a valid value.
  /// - Returns: The converted value.
  /// - Throws: ``UsageError/missingValue(_:)``, or ``UsageError/invalidValue(_:option:expected:)``
  ///   when `convert` returns `nil`.
  package mutating func value<Value>(
    for option: ScannedOption, expected: String, _ convert: (String) -> Value?
  ) throws(UsageError) -> Value {
    let token = try value(for: option)
    guard let value = convert(token.text) else {
      throw .invalidValue(token, option: option.name.text, expected: expected)
    }
    return value
  }

  /// Checks that the flag `option` was not given a value with `=` (`--wrap=yes`).
  ///
  /// - Parameter option: The option just returned by ``next()``.
  /// - Throws: ``UsageError/unexpectedValue(_:option:)``.
  package func flag(_ option: ScannedOption) throws(UsageError) {
    if let value = option.attachedValue {
      throw .unexpectedValue(value, option: option.name.text)
    }
  }
}
