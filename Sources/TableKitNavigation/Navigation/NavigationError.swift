public import TableKit

/// A navigation request that cannot be carried out, with the level it concerns.
///
/// Misusing a stack is never a trap: popping the root, pushing a controller that is already on a
/// stack, selecting in or popping to a level that is not on the stack, reading a session value
/// nobody wrote, or asking the factory for a level it does not know each throw one of these.
/// The message is the error's ``description`` and its `localizedDescription`.
public enum NavigationError: Error, Hashable, Sendable {
  /// What was attempted with a level that is not on the stack.
  public enum Operation: Hashable, Sendable {
    /// Selecting one of its rows.
    case selectRow
    /// Popping the stack back to it.
    case popTo
    /// Writing a session value for it.
    case writeSession
  }

  /// The stack holds only its root, which cannot be popped; `root` is its title.
  case cannotPopRoot(root: String?)
  /// The controller titled `title` is already on a stack (this one when `onThisStack`); a
  /// controller can be on one stack at one place only.
  case alreadyOnStack(title: String?, onThisStack: Bool)
  /// The controller titled `title` is not on this stack (never pushed, or popped already), so
  /// `operation` cannot be done with it.
  case notOnStack(title: String?, operation: Operation)
  /// A row was selected in the level titled `title`, which is on the stack but below its top
  /// level, titled `top`; only the top level can be selected in.
  case notTopLevel(title: String?, top: String?)
  /// The session has no value of the key's type under the key named `key`.
  case missingSessionValue(key: String)
  /// The factory cannot make a level from this destination; `destination` describes it.
  case unknownDestination(String)
  /// The table refused the position (see `TableError`).
  case table(TableError)
}

extension NavigationError: CustomStringConvertible {
  /// A sentence naming the level concerned and what to do instead.
  public var description: String {
    switch self {
    case .cannotPopRoot(let root):
      return "Cannot pop \(Self.name(root)): it is the root level, and a stack always keeps "
        + "its root. Push a level first, or use popToRoot()."
    case .alreadyOnStack(let title, let onThisStack):
      let which = onThisStack ? "this stack" : "another stack"
      return "Cannot push \(Self.name(title)): it is already on \(which). Pop it first, or "
        + "push a new controller."
    case .notOnStack(let title, let operation):
      let what: String
      switch operation {
      case .selectRow: what = "select a row in"
      case .popTo: what = "pop to"
      case .writeSession: what = "write a session value for"
      }
      return "Cannot \(what) \(Self.name(title)): it is not on this navigation stack (it was "
        + "popped, or never pushed)."
    case .notTopLevel(let title, let top):
      return "Cannot select a row in \(Self.name(title)): it is below the top level "
        + "\(Self.name(top)). Pop to it first."
    case .missingSessionValue(let key):
      return "The session has no value for the key \"\(key)\": no level on the stack wrote "
        + "one, or the level that wrote it was popped."
    case .unknownDestination(let destination):
      return "The navigation factory cannot make a level for \(destination)."
    case .table(let error):
      return error.description
    }
  }

  /// A level's title in quotes, or words for a level without one.
  private static func name(_ title: String?) -> String {
    title.map { "\"\($0)\"" } ?? "an untitled level"
  }
}
