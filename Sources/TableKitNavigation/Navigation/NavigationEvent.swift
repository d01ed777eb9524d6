public import TableKit

/// One change to a ``NavigationController``, as its observers see it.
///
/// Every push and every pop is one event, in the order it happened: `popToRoot()` over three
/// levels is three ``popped(_:)`` events, top level first.
public enum NavigationEvent {
  /// The controller was pushed and is now the top level.
  case pushed(TableController)
  /// The controller was popped and is on no stack any more.
  case popped(TableController)

  /// The controller pushed or popped.
  public var controller: TableController {
    switch self {
    case .pushed(let controller), .popped(let controller): controller
    }
  }

  /// Whether the event is a push.
  public var isPush: Bool {
    if case .pushed = self { return true }
    return false
  }
}
