import TableKit

/// An object told about every push and pop of a ``NavigationController``.
///
/// A stack holds its observers weakly, like a table holds its selection observer, so an observer
/// is never kept alive by what it observes. A test can record the events and assert the exact
/// sequence; a browser redraws; a router saves the stack.
public protocol NavigationObserver: AnyObject {
  /// Called after each push and each pop, when the stack already shows the change.
  ///
  /// - Parameters:
  ///   - stack: The stack that changed.
  ///   - event: What happened.
  func navigationController(_ stack: NavigationController, didChange event: NavigationEvent)
}

/// A weak reference to an observer, so the stack's list does not keep it alive.
struct WeakNavigationObserver {
  weak var observer: (any NavigationObserver)?
}
