import TableKit
public import TableKitNavigation

/// A session key the tester watches, with the last value it saw.
struct TrackedKey {
  let name: String
  let read: (NavigationSession) -> Any?
  let equal: (Any?, Any?) -> Bool
  var last: Any?
}

extension NavigationTester {
  /// Watches the session value for `key`: from now on each change of it is an event the test
  /// must assert with ``expectSession(_:_:fileID:filePath:line:column:)``.
  ///
  /// Changes are noticed after each action and at ``finish(fileID:filePath:line:column:)``.
  public func track<Value: Equatable & Sendable>(_ key: SessionKey<Value>) {
    let read: (NavigationSession) -> Any? = { $0.value(for: key) }
    tracked.append(
      TrackedKey(
        name: key.name, read: read,
        equal: { ($0 as? Value) == ($1 as? Value) },
        last: read(stack.session)))
  }

  /// Turns changes of tracked session values since the last look into events.
  func noticeSessionChanges() {
    for index in tracked.indices {
      let now = tracked[index].read(stack.session)
      guard !tracked[index].equal(now, tracked[index].last) else { continue }
      tracked[index].last = now
      record(.sessionChanged(key: tracked[index].name, value: now))
    }
  }

  /// Checks that the next unasserted session change of `key` set it to `value` (`nil`: removed).
  ///
  /// - Parameters:
  ///   - key: The tracked key.
  ///   - value: The value it changed to.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectSession<Value: Equatable & Sendable>(
    _ key: SessionKey<Value>,
    _ value: Value?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    noticeSessionChanges()
    guard tracked.contains(where: { $0.name == key.name }) else {
      TestFailure.record(
        "The session key \"\(key.name)\" is not tracked; call track(_:) for it first.", at: site)
      return
    }
    guard
      let index = pending.firstIndex(where: {
        if case .sessionChanged(let name, _) = $0.event { return name == key.name }
        return false
      }), case .sessionChanged(_, let actual) = pending[index].event
    else {
      TestFailure.record(
        "Expected the session value \"\(key.name)\" to change to "
          + describe(value) + ", but it did not change." + pendingSummary(), at: site)
      return
    }
    pending.remove(at: index)
    if (actual as? Value) != value {
      TestFailure.record(
        "The session value \"\(key.name)\" changed to \(describe(actual as? Value)), not "
          + "\(describe(value)).", at: site)
    }
  }

  private func describe<Value>(_ value: Value?) -> String {
    value.map { String(reflecting: $0) } ?? "nil"
  }
}
