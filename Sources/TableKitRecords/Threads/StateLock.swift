import Foundation
import Synchronization

/// A reading protocol's state machine behind a condition lock: the one place where its threads
/// lock, wait for each other and wake each other.
///
/// The rules live in the machine (``ChunkQueueStateMachine``, ``RowPrefetcherStateMachine``), a
/// value whose methods change its state and return what the calling thread does next; this
/// class only runs them under the lock. A method of the machine that returns a wait changes
/// nothing, so a thread told to wait sleeps until another thread's call changes the state (every
/// call that does not wait wakes the others) and then asks again.
///
/// The lock is an `NSCondition` (a pthread mutex and condition variable, which ThreadSanitizer
/// sees). The machine itself is kept in a `Mutex`, taken only while holding the condition's
/// lock and so never contended: it is what lets the compiler check that the state is reached
/// only under a lock, with no `@unchecked Sendable`.
final class StateLock<Machine: Sendable>: Sendable {
  private let condition = NSCondition()
  private let machine: Mutex<Machine>

  /// Puts `machine` behind the lock.
  init(_ machine: Machine) {
    self.machine = Mutex(machine)
  }

  /// Applies `transition` to the machine under the lock, and again each time the state changes
  /// for as long as `isWait` says its action is to wait; then wakes the other threads.
  ///
  /// - Parameters:
  ///   - transition: One of the machine's methods: a change of state, and what to do next.
  ///   - isWait: Whether an action is to wait for another thread.
  /// - Returns: The first action that is not a wait.
  func next<Action: Sendable>(
    _ transition: (inout Machine) -> Action, waitingWhile isWait: (Action) -> Bool
  ) -> Action {
    condition.lock()
    defer { condition.unlock() }
    while true {
      let action = machine.withLock { transition(&$0) }
      if isWait(action) {
        condition.wait()
        continue
      }
      condition.broadcast()
      return action
    }
  }

  /// Applies `transition` to the machine under the lock, and wakes the other threads.
  ///
  /// - Parameter transition: One of the machine's methods that never waits.
  /// - Returns: What it returned.
  func withLock<Result: Sendable>(_ transition: (inout Machine) -> Result) -> Result {
    next(transition, waitingWhile: { _ in false })
  }
}
