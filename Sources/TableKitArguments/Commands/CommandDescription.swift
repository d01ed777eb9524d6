/// A command, described once: its name, what it does, its options, examples, exit statuses
/// and how it runs.
///
/// The parser (``parse(_:firstIndex:)``) and the help text (``help``) are both made from the
/// description, and `-h`/`--help` is added to every command here.
package struct CommandDescription<Root: ParsableOptions> {
  /// An example command line and what it does.
  package struct Example: Sendable {
    /// The command line, as typed.
    package var command: String
    /// What it does; empty when the command says it.
    package var meaning: String

    /// An example.
    ///
    /// - Parameters:
    ///   - command: The command line.
    ///   - meaning: What it does.
    package init(_ command: String, _ meaning: String = "") {
      self.command = command
      self.meaning = meaning
    }
  }

  /// A titled part of the help's prose: paragraphs wrapped to the width, and lines kept as
  /// written (a list of routes) where a paragraph starts with a space.
  package struct Section: Sendable {
    /// The heading (`VALUES`); `nil` for the paragraphs under the usage.
    package var title: String?
    /// The paragraphs.
    package var paragraphs: [String]

    /// A section.
    ///
    /// - Parameters:
    ///   - title: The heading, or `nil`.
    ///   - paragraphs: The paragraphs; one that starts with a space is kept as written.
    package init(_ title: String?, _ paragraphs: [String]) {
      self.title = title
      self.paragraphs = paragraphs
    }
  }

  /// The command's name after the program's (`browse`); empty for the program's own command.
  package var name: String
  /// The command lines help shows first, without the program's name.
  package var usage: [String]
  /// One line on what the command does, for `tablekit help`.
  package var abstract: String
  /// The prose before the options.
  package var discussion: [Section]
  /// The options, by group.
  package var groups: [OptionGroup<Root>]
  /// Prose after the options (shapes, values, errors).
  package var notes: [Section] = []
  /// Example command lines.
  package var examples: [Example] = []
  /// The statuses the command ends with and what each means here.
  package var exitStatuses: [(status: ExitStatus, meaning: String)]
  /// Takes a positional argument; `nil` when the command takes none.
  package var positional: ((inout Root, ArgumentToken) throws(UsageError) -> Void)?
  /// Checks the options together once every argument is read (not when help was asked for).
  package var validate: (inout Root) throws(UsageError) -> Void = {
    (_: inout Root) throws(UsageError) in
  }
  /// Runs the command with its options, on the main thread: a command may block signals for
  /// its threads to inherit, which only holds on the thread that starts them.
  package var run: @MainActor (Root) async -> ExitStatus

  /// A command.
  ///
  /// - Parameters:
  ///   - name: The command's name after the program's; empty for the program's own.
  ///   - usage: The command lines help shows first.
  ///   - abstract: One line on what the command does.
  ///   - discussion: The prose before the options.
  ///   - groups: The options, by group.
  ///   - notes: Prose after the options.
  ///   - examples: Example command lines.
  ///   - exitStatuses: The statuses it ends with and their meanings.
  ///   - positional: Takes a positional argument, if the command takes any.
  ///   - run: Runs the command.
  package init(
    name: String, usage: [String], abstract: String, discussion: [Section],
    groups: [OptionGroup<Root>], notes: [Section] = [], examples: [Example] = [],
    exitStatuses: [(status: ExitStatus, meaning: String)],
    positional: ((inout Root, ArgumentToken) throws(UsageError) -> Void)?,
    run: @escaping @MainActor (Root) async -> ExitStatus
  ) {
    self.name = name
    self.usage = usage
    self.abstract = abstract
    self.discussion = discussion
    self.groups = groups
    self.notes = notes
    self.examples = examples
    self.exitStatuses = exitStatuses
    self.positional = positional
    self.run = run
  }

  /// A positional argument the command takes once, kept with its place at `keyPath`; a second
  /// one is an error that names the first.
  ///
  /// - Parameters:
  ///   - noun: What the argument is, for the message ("URL").
  ///   - keyPath: Where its token goes.
  ///   - command: The command, for the message ("open").
  /// - Returns: The positional handler.
  package static func single(
    _ noun: String, at keyPath: WritableKeyPath<Root, ArgumentToken?>, command: String
  ) -> (inout Root, ArgumentToken) throws(UsageError) -> Void {
    { (root: inout Root, token: ArgumentToken) throws(UsageError) in
      if let earlier = root[keyPath: keyPath] {
        throw .unexpectedArgument(
          token, reason: "\(command) takes one \(noun), and \(earlier.place) is the \(noun) already"
        )
      }
      root[keyPath: keyPath] = token
    }
  }

  /// `-h`, `--help`, which every command has.
  package static var helpOption: CommandOption<Root> {
    .flag("-h", "--help", help: "Show this help.", sets: \.showHelp)
  }

  /// Every option: the groups' and then ``helpOption``.
  package var options: [CommandOption<Root>] {
    groups.flatMap(\.options) + [Self.helpOption]
  }

  /// The command line up to the command's arguments: `tablekit browse`.
  package var commandLine: String {
    name.isEmpty ? "tablekit" : "tablekit \(name)"
  }

  /// Parses the arguments after the command's name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - firstIndex: The place of the first on the whole command line (1 after `tablekit`,
  ///     2 after `tablekit browse`).
  /// - Returns: The options.
  /// - Throws: ``UsageError`` naming the argument that is wrong and its place.
  package func parse(_ arguments: [String], firstIndex: Int) throws(UsageError) -> Root {
    var byName: [String: CommandOption<Root>] = [:]
    for option in options {
      for name in option.names { byName[name] = option }
    }
    var root = Root()
    var scanner = ArgumentScanner(arguments, firstIndex: firstIndex)
    while let argument = scanner.next() {
      switch argument {
      case .positional(let token):
        guard let positional else {
          throw .unexpectedArgument(token, reason: "\(commandLine) takes no argument here")
        }
        try positional(&root, token)
      case .option(let scanned):
        guard let option = byName[scanned.name.text] else {
          throw .unknownOption(scanned.name)
        }
        if option.kind == .flag {
          try scanner.flag(scanned)
          try option.apply(&root, scanned.name, nil)
        } else {
          try option.apply(&root, scanned.name, try scanner.value(for: scanned))
        }
      }
    }
    if !root.showHelp { try validate(&root) }
    return root
  }

  /// The help text: usage, prose, options by group, examples and exit statuses, every line
  /// at most ``HelpText/width`` columns.
  package var help: String {
    var text = HelpText()
    text.usage(usage.map { "\(commandLine) \($0)" })
    for section in discussion { text.section(section.title, section.paragraphs) }
    for group in groups + [OptionGroup("", [Self.helpOption])] where !group.options.isEmpty {
      if !group.title.isEmpty { text.heading(group.title) }
      for option in group.options {
        // Long-only options line up with the long names after a short one (`-f, `).
        let indent = option.names.first?.hasPrefix("--") == true ? "    " : ""
        text.item(indent + option.synopsis, option.help)
      }
    }
    for section in notes { text.section(section.title, section.paragraphs) }
    if !examples.isEmpty {
      text.heading("EXAMPLES")
      for example in examples { text.example(example.command, example.meaning) }
    }
    text.heading("EXIT STATUS")
    for (status, meaning) in exitStatuses { text.item(String(status.rawValue), meaning, column: 8) }
    return text.result
  }
}

/// A command whatever its options' type, as the program dispatches it, on the main actor (see
/// ``CommandDescription/run``).
@MainActor package struct Command {
  /// What running a command's arguments came to.
  package enum Outcome {
    /// Help was asked for: the text.
    case help(String)
    /// The command ran and ended with this status.
    case ran(ExitStatus)
  }

  /// The command's name after the program's; empty for the program's own.
  package var name: String
  /// One line on what it does.
  package var abstract: String
  /// The help text, made when asked for: wrapping every command's help took two thirds of
  /// the instructions of a run on a small file, the table of commands being made at each
  /// start.
  package var help: String { makeHelp() }
  /// Makes ``help``.
  private let makeHelp: () -> String
  /// Parses the arguments after the name and runs the command (or returns its help).
  package var invoke: ([String]) async throws(UsageError) -> Outcome

  /// The command `description` describes.
  ///
  /// - Parameter description: The description.
  package init<Root>(_ description: CommandDescription<Root>) {
    name = description.name
    abstract = description.abstract
    makeHelp = { description.help }
    let firstIndex = description.name.isEmpty ? 1 : 2
    invoke = { (arguments: [String]) async throws(UsageError) -> Outcome in
      let options = try description.parse(arguments, firstIndex: firstIndex)
      if options.showHelp { return .help(description.help) }
      return .ran(await description.run(options))
    }
  }
}
