import TableKit

// The stack of controllers is pushed, popped and observed synchronously on its owner's thread,
// like the controllers it holds; it must not cross threads.
@available(*, unavailable)
extension NavigationController: Sendable {}
