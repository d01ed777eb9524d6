import Foundation
import Synchronization

/// A value behind a lock that ThreadSanitizer can see, for state a few threads share.
///
/// On Linux `Synchronization.Mutex` waits on a futex inside the runtime, which ThreadSanitizer
/// does not intercept: two accesses made under the lock are reported as a race, and CI's
/// ThreadSanitizer step stops on it. Every use here also takes an `NSLock` (a pthread mutex,
/// which it does see), at the cost of one more uncontended lock per use. Use this, not a bare
/// `Mutex`, for state that more than one thread touches.
package final class Locked<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  private let visibleToSanitizer = NSLock()

  /// Creates the lock around `value`.
  package init(_ value: Value) {
    storage = Mutex(value)
  }

  /// Runs `body` with the value, under the lock.
  package func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    visibleToSanitizer.lock()
    defer { visibleToSanitizer.unlock() }
    return storage.withLock { value in body(&value) }
  }
}
