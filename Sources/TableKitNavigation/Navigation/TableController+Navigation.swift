public import TableKit

extension TableController {
  /// The navigation stack this controller is on, or `nil` when it is on none (never pushed, or
  /// popped); set by the stack, held weakly because the stack owns its levels.
  public var navigationController: NavigationController? {
    navigationStack as? NavigationController
  }

  /// The title of the way back from this level, as a back button shows it.
  ///
  /// By default the title of the level below this one on its stack (`nil` for the root or for a
  /// controller on no stack). Set it to show something else, for example a shorter word; set it
  /// to `nil` to go back to the default.
  public var backTitle: String? {
    get {
      if let customBackTitle { return customBackTitle }
      guard let stack = navigationController, let level = stack.level(of: self), level > 0 else {
        return nil
      }
      return stack.controllers[level - 1].title
    }
    set { customBackTitle = newValue }
  }

  /// The value for `key` in the session of this controller's stack, or `nil` when no level wrote
  /// one or the controller is on no stack.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The value, or `nil`.
  public func sessionValue<Value>(for key: SessionKey<Value>) -> Value? {
    navigationController?.session.value(for: key)
  }

  /// Writes `value` for `key` into the session of this controller's stack, on behalf of this
  /// level.
  ///
  /// With the default scope the value goes when this level is popped (see ``SessionScope``).
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key.
  ///   - scope: How long the value lives.
  /// - Throws: ``NavigationError/notOnStack(title:operation:)`` when the controller is on no
  ///   stack, so there is no session to write to.
  public func setSessionValue<Value>(
    _ value: Value, for key: SessionKey<Value>, scope: SessionScope = .level
  ) throws(NavigationError) {
    guard let stack = navigationController, let level = stack.level(of: self) else {
      throw .notOnStack(title: title, operation: .writeSession)
    }
    stack.session.setValue(value, for: key, level: level, scope: scope)
  }
}
