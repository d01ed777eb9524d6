import TableKit
public import TableKitNavigation

/// Saves a stack, restores it on fresh controllers and checks that the copy is the same, in one
/// line.
///
/// ```swift
/// let copy = await assertRestoration(
///   of: stack, router: router, resolver: CatalogueResolver(),
///   sessionValues: [.value(SessionKey<Brand>.brand)])
/// ```
///
/// The stack is saved with `Router.save(_:)`, the text is restored with
/// `Router.restore(_:resolver:factory:)` (every level made anew through the resolver), and the
/// two stacks are compared level by level: each level's URL, what it shows
/// (``TableRendering``, selection marks included), its selected positions and what the selected
/// rows represent, and then the values of `sessionValues`. A dropped level fails with its
/// reason. Every difference is listed in one failure at the caller's line.
///
/// - Parameters:
///   - stack: The stack to save; it is not changed.
///   - router: The routes that print and match every level's URL.
///   - resolver: Loads each level's objects and makes its controller.
///   - factory: The restored stack's factory for later pushes.
///   - sessionValues: The session values that must come back.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
/// - Returns: The restored stack, or `nil` when nothing could be restored.
@discardableResult
public func assertRestoration<Destination, Resolver: LevelResolver>(
  of stack: NavigationController,
  router: Router<Destination>,
  resolver: Resolver,
  factory: @escaping NavigationController.Factory = NavigationController.noFactory,
  sessionValues: [SessionValueCheck] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> NavigationController? where Resolver.Destination == Destination {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let saved = router.save(stack)
  let report = await router.restore(saved, resolver: resolver, factory: factory)
  var problems = report.dropped.map { dropped in
    "dropped level \(dropped.index.map(String.init) ?? "?") (\(dropped.url ?? "no URL")): "
      + dropped.reason.description
  }
  guard let restored = report.navigationController else {
    problems.append("nothing was restored")
    TestFailure.record(restorationMessage(saved, problems), at: site)
    return nil
  }
  problems += StackState(stack, router: router).differences(
    from: StackState(restored, router: router))
  for check in sessionValues where !check.equal(stack.session, restored.session) {
    problems.append(
      "the session value \"\(check.name)\" is \(check.describe(stack.session)), restored "
        + check.describe(restored.session))
  }
  if !problems.isEmpty { TestFailure.record(restorationMessage(saved, problems), at: site) }
  return restored
}

private func restorationMessage(_ saved: String, _ problems: [String]) -> String {
  "The restored stack differs from the saved one:\n"
    + problems.map { "  " + $0 }.joined(separator: "\n") + "\nThe saved form: " + saved
}
