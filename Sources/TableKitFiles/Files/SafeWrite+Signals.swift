import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SafeWrite {
  /// The signals after which ``removeTemporariesOnTerminationSignals()`` cleans up: Ctrl-C,
  /// `kill` and a closed terminal.
  public static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Makes a command-line tool remove its safe-write temporaries when `SIGINT`, `SIGTERM` or
  /// `SIGHUP` ends it, and then end by that same signal.
  ///
  /// Call it first thing in `main`, before any other thread starts: it blocks the three signals
  /// (those of them the process was not started with ignored, as `nohup` ignores `SIGHUP`)
  /// in the calling thread (threads started afterwards inherit the mask) and starts one thread
  /// that waits for them with `sigwait(3)`. That thread is not a signal handler, so it may take
  /// the lock of the temporaries' registry and remove files and folders; the lock is the one
  /// every commit holds across its rename, so the clean-up runs wholly before or wholly after a
  /// commit. It then restores the signal's default action and raises it again in itself, so the
  /// process ends *by the signal* and a shell sees status 128 + the signal number (130 for
  /// Ctrl-C), as with no handler at all. Whatever target was being written is left as it was
  /// before the write (or holds the new content, if the commit came first).
  ///
  /// A library or an app with its own signal handling should not call this; its temporaries
  /// are still removed on every error, and only a process ended from outside leaves one behind
  /// (a hidden `.NAME.tablekit-XXXXXX` sibling, recognisable for removal).
  public static func removeTemporariesOnTerminationSignals() {
    // A signal the process was started with ignored (`nohup` ignores SIGHUP; a shell ignores
    // SIGINT for a background job) stays ignored: blocking it would make `sigwait` take it.
    let handled = terminationSignals.filter { !isIgnored($0) }
    guard !handled.isEmpty else { return }
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in handled { sigaddset(&signals, number) }
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    Thread.detachNewThread {
      var waited = sigset_t()
      sigemptyset(&waited)
      for number in handled { sigaddset(&waited, number) }
      var received: Int32 = 0
      while sigwait(&waited, &received) != 0 {}
      endAfterRemovingTemporaries(signal: received)
    }
  }

  /// Whether `number`'s disposition is "ignore", read without changing it.
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    #if canImport(Glibc)
      let handler = current.__sigaction_handler.sa_handler
    #elseif canImport(Darwin)
      let handler = current.__sigaction_u.__sa_handler
    #endif
    return address(of: handler) == address(of: SIG_IGN)
  }

  /// A signal handler's address (handlers are C function pointers; `SIG_IGN` is address 1).
  private static func address(of handler: (@convention(c) (Int32) -> Void)?) -> UnsafeRawPointer? {
    handler.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
  }

  /// Removes every registered temporary, then ends the process by `signal`.
  ///
  /// Should that not end it, exits with 128 + `signal`. Holds the registry's lock to the end, so no commit
  /// starts after the clean-up.
  private static func endAfterRemovingTemporaries(signal number: Int32) -> Never {
    withTemporaries { registry -> Never in
      for path in registry.keys { try? SystemCalls.removeTree(path) }
      registry.removeAll()
      signal(number, SIG_DFL)
      var only = sigset_t()
      sigemptyset(&only)
      sigaddset(&only, number)
      pthread_sigmask(SIG_UNBLOCK, &only, nil)
      pthread_kill(pthread_self(), number)
      _exit(128 + number)
    }
  }
}
