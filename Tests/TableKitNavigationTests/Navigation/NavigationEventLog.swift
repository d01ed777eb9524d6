import TableKit
import TableKitNavigation

/// Records every push and pop of a stack as "push Title" / "pop Title", for tests to assert the
/// exact sequence (the observer the DocC article shows).
final class NavigationEventLog: NavigationObserver {
  private(set) var lines: [String] = []

  func navigationController(_ stack: NavigationController, didChange event: NavigationEvent) {
    lines.append("\(event.isPush ? "push" : "pop") \(event.controller.title ?? "-")")
  }
}
