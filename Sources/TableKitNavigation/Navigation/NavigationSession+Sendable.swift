import TableKit

// A session is the stack's mutable scratchpad, read and written synchronously by the stack's
// controllers on their thread; it must not cross threads.
@available(*, unavailable)
extension NavigationSession: Sendable {}
