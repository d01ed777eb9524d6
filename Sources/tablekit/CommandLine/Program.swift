package import TableKitArguments

/// The program: its commands, `help`, `--version`, and how a command line reaches a command.
@MainActor package enum Program {
  /// The version `--version` prints.
  nonisolated package static let version = "tablekit 0.1.0-dev"

  /// The commands, the default (render) first.
  package static var commands: [Command] {
    [
      Command(Options.command), Command(BrowseOptions.command), Command(OpenOptions.command),
      Command(ExportOptions.command),
    ]
  }

  /// What `tablekit help` prints: the commands and their abstracts, then the render command's
  /// help.
  package static var overview: String {
    var text = HelpText()
    text.heading("COMMANDS")
    for command in commands {
      text.item(command.name.isEmpty ? "(none)" : command.name, command.abstract)
    }
    text.item("help [<command>]", "Show a command's help (this text without one).")
    return commands[0].help + text.result
  }

  /// Runs the command line `arguments` (without the program's name) and returns the status;
  /// help and the version go to standard output, errors to standard error.
  ///
  /// On the main thread, before any other thread starts: `tablekit -o` blocks the termination
  /// signals there so that every thread it starts inherits the mask (``SafeWrite``).
  ///
  /// - Parameter arguments: The arguments.
  /// - Returns: The exit status.
  package static func run(_ arguments: [String]) async -> ExitStatus {
    var standardOutput = FileDescriptorStream.standardOutput
    switch arguments.first {
    case "--version":
      print(version, to: &standardOutput)
      return .success
    case "help":
      switch helpText(for: Array(arguments.dropFirst())) {
      case .success(let text):
        print(text, terminator: "", to: &standardOutput)
        return .success
      case .failure(let error):
        fail(error, help: "tablekit help")
      }
    default:
      break
    }
    let named = commands.dropFirst().first { $0.name == arguments.first }
    let command = named ?? commands[0]
    do {
      switch try await command.invoke(named == nil ? arguments : Array(arguments.dropFirst())) {
      case .help(let text):
        print(text, terminator: "", to: &standardOutput)
        return .success
      case .ran(let status):
        return status
      }
    } catch {
      fail(error, help: named == nil ? "tablekit --help" : "tablekit \(command.name) --help")
    }
  }

  /// The text `tablekit help` with `arguments` prints, or the usage error.
  ///
  /// - Parameter arguments: The arguments after `help`: none, or one command's name.
  /// - Returns: The help text, or why there is none.
  package static func helpText(for arguments: [String]) -> Result<String, UsageError> {
    guard let name = arguments.first else { return .success(overview) }
    guard arguments.count == 1 else {
      return .failure(
        .unexpectedArgument(
          ArgumentToken(arguments[1], index: 3), reason: "help takes one command"))
    }
    guard let command = commands.dropFirst().first(where: { $0.name == name }) else {
      let names = commands.dropFirst().map(\.name).joined(separator: ", ")
      return .failure(
        .unexpectedArgument(
          ArgumentToken(name, index: 2), reason: "no command \(name); the commands are \(names)"
        ))
    }
    return .success(command.help)
  }
}
