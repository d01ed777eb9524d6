// A table is read and changed synchronously by its owner: its selection, shape and observers are
// plain stored state with no lock, so it stays on the thread (or in the isolation domain) that
// made it. Saying so here keeps anyone, a subclass or an extension, from declaring it Sendable.
@available(*, unavailable)
extension TableView: Sendable {}
