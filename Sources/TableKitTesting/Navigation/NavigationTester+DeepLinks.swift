import TableKit
public import TableKitNavigation

extension NavigationTester {
  /// Opens `url` on the running stack, as an app does with a deep link: pops to the root, then
  /// pushes every level the URL's route chain names after it.
  ///
  /// The pops and pushes are events like a tap's: assert each with
  /// ``expectPop(_:fileID:filePath:line:column:)`` and
  /// ``expectPush(_:from:fileID:filePath:line:column:)``. The URL fails the test when it does
  /// not route, or when its chain does not start at this stack's root destination.
  ///
  /// - Parameters:
  ///   - url: The URL, as a user's link would carry it.
  ///   - router: The routes.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func open<Destination>(
    _ url: String,
    with router: Router<Destination>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("open \(url)", at: site)
    defer { end() }
    let chain: [Destination]
    do {
      chain = try router.destinations(for: url)
    } catch {
      TestFailure.record("Open \(url) failed: \(error)", at: site)
      return
    }
    guard let first = chain.first, stack.root.navigationDestination as? Destination == first else {
      TestFailure.record(
        "Open \(url) failed: its levels start at \(chain.first.map { "\($0)" } ?? "nothing"), "
          + "not at this stack's root.", at: site)
      return
    }
    stack.popToRoot()
    for destination in chain.dropFirst() {
      do {
        try stack.push(destination)
      } catch {
        TestFailure.record("Open \(url) failed at \(destination): \(error)", at: site)
        return
      }
    }
  }
}
