public import TableKit
public import TableKitNavigation

extension NavigationTester {
  /// Taps the row of the top level whose cell text is `text`, as a user reading the screen
  /// would.
  ///
  /// Exactly one row must show `text`; none, or several, fails the test with the rows the level
  /// shows. Events still unasserted before the tap fail the test first (when exhaustive).
  ///
  /// - Parameters:
  ///   - text: The cell's text (its first line, `Cell.text`).
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The level the tap pushed, or `nil`.
  @discardableResult
  public func tap(
    _ text: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TableController? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let level = stack.top
    let matches = level.table.shape.positions.filter {
      (try? level.table.cell(at: $0).text) == text
    }
    guard matches.count == 1, let position = matches.first else {
      let rendering = TableRendering(level).text
      let problem =
        matches.isEmpty
        ? "No row of \(Event.name(level.title)) shows \"\(text)\"."
        : "\(matches.count) rows of \(Event.name(level.title)) show \"\(text)\" "
          + "(\(matches.map(\.description).joined(separator: ", "))); tap one by row."
      TestFailure.record(problem + " The level shows:\n" + rendering, at: site)
      return nil
    }
    return select(position, action: "tap \"\(text)\"", at: site)
  }

  /// Taps the row at `row` in `section` of the top level.
  ///
  /// - Parameters:
  ///   - row: The row in its section, from 0.
  ///   - section: The section, from 0.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: The level the tap pushed, or `nil`.
  @discardableResult
  public func tap(
    row: Int,
    section: Int = 0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TableController? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return select(
      TablePosition(section: section, row: row), action: "tap row \(row) of section \(section)",
      at: site)
  }

  /// Goes back one level, as the back button does.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func back(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("back", at: site)
    do {
      try stack.pop()
    } catch {
      TestFailure.record("Back failed: \(error)", at: site)
    }
    end()
  }

  /// Runs `body` as an action of the test, like a tap.
  ///
  /// Use it for app code that may push, pop or change the session (a deep link, a model's
  /// completion); its events must be asserted like a tap's.
  ///
  /// - Parameters:
  ///   - name: How failures name the action.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - body: The action.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public func perform<Result>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (NavigationController) throws -> Result
  ) rethrows -> Result {
    begin(name, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    defer { end() }
    return try body(stack)
  }

  private func select(_ position: TablePosition, action: String, at site: CallSite)
    -> TableController?
  {
    begin(action, at: site)
    defer { end() }
    tappedObject = try? stack.top.table.representedObject(at: position)
    do {
      return try stack.selectRow(at: position)
    } catch {
      TestFailure.record(
        "\(action.prefix(1).uppercased() + action.dropFirst()) failed: \(error)", at: site)
      return nil
    }
  }

  /// Starts an action: earlier events must have been asserted.
  func begin(_ action: String, at site: CallSite) {
    noticeSessionChanges()
    reportUnasserted(at: site, when: "before \(action)")
    currentAction = "\(action) at line \(site.line)"
  }

  func end() {
    tappedObject = nil
    noticeSessionChanges()
  }
}
