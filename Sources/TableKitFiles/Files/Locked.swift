import Foundation
import Synchronization

/// A value behind a lock that ThreadSanitizer can see: the package's one lock for state that
/// several threads share, and the one place where threads wait for each other.
///
/// On Linux `Synchronization.Mutex` waits on a futex inside the runtime, which ThreadSanitizer
/// does not intercept: two accesses made under it alone are reported as a race. So the lock
/// taken is an `NSCondition` (a pthread mutex and condition variable, which ThreadSanitizer
/// sees); the value itself is kept in a `Mutex`, taken only while the condition's lock is held
/// and so never contended, which lets the compiler check that the value is reached only under a
/// lock, with no `@unchecked Sendable`.
///
/// A state machine runs behind it the same way: its methods change the state and return what
/// the calling thread does next; ``next(_:waitingWhile:)`` sleeps while the answer is to wait,
/// and every call that changes the state wakes the sleepers to ask again.
///
/// ```swift
/// let registry = Locked<[String: Int]>([:])
/// registry.withLock { $0["a", default: 0] += 1 }
/// ```
package final class Locked<Value: Sendable>: Sendable {
  private let condition = NSCondition()
  private let storage: Mutex<Value>

  /// Puts `value` behind the lock.
  ///
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    storage = Mutex(value)
  }

  /// Runs `body` on the value under the lock, then wakes the threads waiting in
  /// ``next(_:waitingWhile:)`` (a broadcast with no waiter costs next to nothing).
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returned.
  package func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    next(body, waitingWhile: { _ in false })
  }

  /// Applies `transition` to the value under the lock, and again each time another thread
  /// changes it, for as long as `isWait` says its answer is to wait; then wakes the others.
  ///
  /// - Parameters:
  ///   - transition: A change of state and what to do next; an answer to wait must change
  ///     nothing.
  ///   - isWait: Whether an answer means "wait for another thread".
  /// - Returns: The first answer that is not a wait.
  package func next<Action: Sendable>(
    _ transition: (inout Value) -> Action, waitingWhile isWait: (Action) -> Bool
  ) -> Action {
    condition.lock()
    defer { condition.unlock() }
    while true {
      let action = storage.withLock { transition(&$0) }
      if isWait(action) {
        condition.wait()
        continue
      }
      condition.broadcast()
      return action
    }
  }
}
