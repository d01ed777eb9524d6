// A controller owns its table and data source and runs the selection workflow synchronously on
// its owner's thread; it is never shared between threads, and no subclass may claim it is.
@available(*, unavailable)
extension TableController: Sendable {}
