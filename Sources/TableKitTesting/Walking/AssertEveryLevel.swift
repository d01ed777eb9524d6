import TableKit
public import TableKitNavigation

/// Walks every level reachable from the stack's top, renders and checks each, and fails once,
/// listing every level that failed.
///
/// ```swift
/// assertEveryLevel(of: stack) { level in
///   level.rendering.lines.isEmpty ? ["the level shows nothing"] : []
/// }
/// ```
///
/// Each level gets ``AppWalk/standardChecks(_:)`` and then `check`. A level that cannot be made
/// (the factory throws) fails the assertion with the error.
///
/// - Parameters:
///   - stack: The stack; it is as it was afterwards.
///   - walker: The walker's limits.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - check: More checks for each level; return the problems found.
/// - Returns: What the walk found.
@discardableResult
public func assertEveryLevel(
  of stack: NavigationController,
  walker: NavigationWalker = NavigationWalker(),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  checking check: (AppLevel) -> [String] = { _ in [] }
) -> AppWalk.Report {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    let report = try AppWalk(walker: walker).run(stack, checking: check)
    if let message = report.failureMessage { TestFailure.record(message, at: site) }
    return report
  } catch {
    TestFailure.record("The walk stopped: \(error)", at: site)
    return AppWalk.Report()
  }
}

/// Walks every level reachable from the stack's top and compares what they all show — each
/// level's rendering under a `== Breadcrumbs` line — with one expected text.
///
/// The whole app in one inline snapshot: a change anywhere shows as a line diff naming the
/// level. Record mode writes the text and fails, as in
/// ``assertRendering(of:_:version:record:fileID:filePath:line:column:)-(TableController,_,_,_,_,_,_,_)``.
/// The standard checks run too.
///
/// - Parameters:
///   - stack: The stack; it is as it was afterwards.
///   - expected: Every level's rendering, in the walk's order.
///   - walker: The walker's limits.
///   - record: ``RecordMode/record`` to write the actual text and fail.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func assertWalk(
  of stack: NavigationController,
  _ expected: String,
  walker: NavigationWalker = NavigationWalker(),
  record: RecordMode = .fromEnvironment,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let report = assertEveryLevel(
    of: stack, walker: walker, fileID: fileID, filePath: filePath, line: line, column: column)
  let lines = report.lines
  let text = lines.joined(separator: "\n")
  switch record {
  case .record:
    TestFailure.record(
      RecordMode.recordingMessage(
        text, replacing: expected, version: .v1, at: site, what: "every level's rendering"),
      at: site)
  case .compare:
    let message = TextComparison.mismatch(
      lines, expected: expected,
      headline: "The levels do not show the expected text (rendering version 1)"
    ) { index in
      let heading = lines[...index].last { $0.hasPrefix("== ") } ?? "== "
      return "in level \(heading.dropFirst(3))"
    }
    if let message { TestFailure.record(message, at: site) }
  }
}

/// Walks every level like ``assertEveryLevel(of:walker:fileID:filePath:line:column:checking:)``
/// and also checks each level's URL and saved form (``AppWalk/routingChecks(_:router:)``).
///
/// - Parameters:
///   - stack: The stack; it is as it was afterwards.
///   - router: The routes of every level.
///   - walker: The walker's limits.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - check: More checks for each level; return the problems found.
/// - Returns: What the walk found.
@discardableResult
public func assertEveryLevel<Destination>(
  of stack: NavigationController,
  router: Router<Destination>,
  walker: NavigationWalker = NavigationWalker(),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  checking check: (AppLevel) -> [String] = { _ in [] }
) -> AppWalk.Report {
  assertEveryLevel(
    of: stack, walker: walker, fileID: fileID, filePath: filePath, line: line, column: column
  ) { level in AppWalk.routingChecks(level, router: router) + check(level) }
}
