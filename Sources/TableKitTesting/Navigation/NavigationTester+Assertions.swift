public import TableKit
import TableKitNavigation

extension NavigationTester {
  /// Checks that the next unasserted push or pop is a push of a level titled `title`.
  ///
  /// - Parameters:
  ///   - title: The pushed level's title.
  ///   - object: When given, what the tapped row that pushed it must have represented.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The pushed level, or `nil` when the next event is not that push.
  @discardableResult
  public func expectPush<Object: Equatable>(
    _ title: String?,
    from object: Object? = String?.none,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TableController? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let next = takeStackEvent(expecting: "push \(Event.name(title))", at: site) else {
      return nil
    }
    guard case .pushed(let level, let from) = next, level.title == title else {
      TestFailure.record(
        "Expected push \(Event.name(title)), but the next event is \(next).", at: site)
      return nil
    }
    if let object, (from as? Object) != object {
      TestFailure.record(
        "The push of \(Event.name(title)) came from a row representing "
          + (from.map { String(reflecting: $0) } ?? "nothing")
          + ", not \(String(reflecting: object)).", at: site)
    }
    return level
  }

  /// Checks that the next unasserted push or pop is a pop of the level titled `title`.
  ///
  /// - Parameters:
  ///   - title: The popped level's title.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectPop(
    _ title: String?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let next = takeStackEvent(expecting: "pop \(Event.name(title))", at: site) else {
      return
    }
    guard case .popped(let level) = next, level.title == title else {
      TestFailure.record(
        "Expected pop \(Event.name(title)), but the next event is \(next).", at: site)
      return
    }
  }

  /// Checks the titles of every level from the root to the top (not an event: it asserts state).
  ///
  /// - Parameters:
  ///   - breadcrumbs: The expected titles, root first; an untitled level is `""`.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectBreadcrumbs(
    _ breadcrumbs: [String],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard stack.breadcrumbs != breadcrumbs else { return }
    TestFailure.record(
      "The breadcrumbs are \(stack.breadcrumbs), not \(breadcrumbs).",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Checks the top level's title and back title.
  ///
  /// - Parameters:
  ///   - title: The expected title.
  ///   - backTitle: When given, the expected back title.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectTitle(
    _ title: String?,
    backTitle: String?? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if stack.top.title != title {
      TestFailure.record(
        "The top level is titled \(Event.name(stack.top.title)), not \(Event.name(title)).",
        at: site)
    }
    if let backTitle, stack.top.backTitle != backTitle {
      TestFailure.record(
        "The top level's back title is \(Event.name(stack.top.backTitle)), not "
          + "\(Event.name(backTitle)).", at: site)
    }
  }

  /// What the selected row of each level represents, root first (the selection path).
  ///
  /// A level without a selected row contributes `nil`; the top level usually has none.
  public var selectedObjects: [Any?] {
    stack.controllers.map { level in
      level.table.selectedPosition.flatMap { try? level.table.representedObject(at: $0) }
    }
  }

  /// Checks what the selected row of the level at `level` (0 is the root) represents.
  ///
  /// - Parameters:
  ///   - object: The expected object.
  ///   - level: The level, 0 for the root.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectSelectedObject<Object: Equatable>(
    _ object: Object,
    atLevel level: Int,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let objects = selectedObjects
    let actual = objects.indices.contains(level) ? objects[level] : nil
    guard (actual as? Object) != object else { return }
    TestFailure.record(
      "The selected row of level \(level) represents "
        + (actual.map { String(reflecting: $0) } ?? "nothing")
        + ", not \(String(reflecting: object)).",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Ends the test's navigation: every event must have been asserted (when exhaustive).
  ///
  /// Calling it is optional; without it the check runs when the tester is deinitialized and is
  /// reported at the line that created the tester. With it, the failure names this line, and
  /// deinitialization checks nothing more.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    noticeSessionChanges()
    reportUnasserted(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      when: "at finish()")
    finished = true
  }

  /// Fails for every pending event (when exhaustive) and clears them.
  func reportUnasserted(at site: CallSite, when moment: String) {
    defer { pending.removeAll() }
    guard exhaustivity == .on, !pending.isEmpty else { return }
    let list = pending.map { "  \($0.event) (during \($0.during))" }.joined(separator: "\n")
    TestFailure.record(
      "\(pending.count) navigation event\(pending.count == 1 ? " was" : "s were") not asserted "
        + "\(moment):\n\(list)\nAssert each with expectPush, expectPop or expectSession, or "
        + "use exhaustivity: .off.", at: site)
  }

  /// The pending events, for messages.
  func pendingSummary() -> String {
    pending.isEmpty
      ? " No events are pending."
      : " Pending: " + pending.map(\.event.description).joined(separator: ", ") + "."
  }

  /// Removes and returns the first pending push or pop, failing when there is none.
  private func takeStackEvent(expecting what: String, at site: CallSite) -> Event? {
    noticeSessionChanges()
    guard
      let index = pending.firstIndex(where: {
        if case .sessionChanged = $0.event { return false }
        return true
      })
    else {
      TestFailure.record(
        "Expected \(what), but the stack neither pushed nor popped." + pendingSummary(), at: site)
      return nil
    }
    return pending.remove(at: index).event
  }
}
