import TableKit

/// A model's listeners, held weakly, in the order they were added.
///
/// A listener that went away is dropped the next time the list is read; adding the same object
/// twice keeps one entry.
struct ModelListeners {
  private struct Entry {
    weak var listener: (any ModelListener)?
  }

  private var entries: [Entry] = []

  /// The listeners still alive, in order; drops the others.
  mutating func alive() -> [any ModelListener] {
    entries.removeAll { $0.listener == nil }
    return entries.compactMap(\.listener)
  }

  /// The number of entries kept, dead ones included until the next ``alive()``.
  var count: Int { entries.count }

  mutating func add(_ listener: any ModelListener) {
    entries.removeAll { $0.listener == nil }
    guard !entries.contains(where: { $0.listener === listener }) else { return }
    entries.append(Entry(listener: listener))
  }

  mutating func remove(_ listener: any ModelListener) {
    entries.removeAll { $0.listener == nil || $0.listener === listener }
  }
}
