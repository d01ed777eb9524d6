public import TableKit
public import TableKitNavigation

/// Drives a navigation stack the way a user would — taps by row or by visible text, back — and
/// checks where it went, exhaustively by default.
///
/// ```swift
/// let app = try NavigationTester(root: brands)
/// app.track(.brand)
/// app.tap("BMW")
/// app.expectSession(.brand, bmw)
/// app.expectPush("BMW")
/// app.back()
/// app.expectPop("BMW")
/// app.finish()
/// ```
///
/// Like TCA's `TestStore`, every push, pop and change of a tracked session value is an event the
/// test must assert (``expectPush(_:from:fileID:filePath:line:column:)``,
/// ``expectPop(_:fileID:filePath:line:column:)``, ``expectSession(_:_:fileID:filePath:line:column:)``).
/// An event left unasserted fails the test at the next action (``tap(_:fileID:filePath:line:column:)``,
/// ``tap(row:section:fileID:filePath:line:column:)``, ``back(fileID:filePath:line:column:)``), at
/// ``finish(fileID:filePath:line:column:)``, or — when the test never calls `finish()` — when the
/// tester is deinitialized, reported at the line that created it. Events are heard from the
/// stack itself, so a push made by app code outside the tester's actions must be asserted too.
/// With ``Exhaustivity-swift.enum/off`` unasserted events are dropped silently.
///
/// Session values are private to the stack, so only the keys the test names with
/// ``track(_:)`` are watched; a change to any other key is not an event.
///
/// Every failure is reported at the caller's file, line and column (Swift Testing) or file and
/// line (XCTest).
public final class NavigationTester {
  /// Whether unasserted events fail the test.
  public enum Exhaustivity: Hashable, Sendable {
    /// Every push, pop and tracked session change must be asserted; the default.
    case on
    /// Unasserted events are dropped; assertions still check the events they name.
    case off
  }

  /// Something that happened on the stack, waiting for an assertion.
  public enum Event: CustomStringConvertible {
    /// A level was pushed; `object` is what the tapped row represented, if a tap pushed it.
    case pushed(TableController, from: Any?)
    /// A level was popped.
    case popped(TableController)
    /// A tracked session value changed; `value` is `nil` when it was removed.
    case sessionChanged(key: String, value: Any?)

    /// The event in words: `push "BMW"`, `pop "BMW"`, `session "brand" = …`.
    public var description: String {
      switch self {
      case .pushed(let level, _): "push \(Self.name(level.title))"
      case .popped(let level): "pop \(Self.name(level.title))"
      case .sessionChanged(let key, let value):
        "session \"\(key)\" = " + (value.map { String(reflecting: $0) } ?? "nil")
      }
    }

    static func name(_ title: String?) -> String {
      title.map { "\"\($0)\"" } ?? "an untitled level"
    }
  }

  /// The stack under test.
  public let stack: NavigationController
  /// Whether unasserted events fail the test.
  public var exhaustivity: Exhaustivity

  let site: CallSite
  var pending: [(event: Event, during: String)] = []
  var tracked: [TrackedKey] = []
  var currentAction = "set-up"
  var tappedObject: Any?
  var finished = false
  private var observer: StackObserver?

  /// Tests `stack` from its current state.
  ///
  /// - Parameters:
  ///   - stack: The stack to drive.
  ///   - exhaustivity: Whether unasserted events fail the test; ``Exhaustivity-swift.enum/on``
  ///     by default.
  ///   - fileID: The caller's file ID; leave the default. Events left unasserted when the tester
  ///     is deinitialized are reported here.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public init(
    _ stack: NavigationController,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.stack = stack
    self.exhaustivity = exhaustivity
    self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let observer = StackObserver()
    self.observer = observer
    observer.tester = self
    stack.addObserver(observer)
  }

  /// Tests a new stack with `root` as its root level.
  ///
  /// - Parameters:
  ///   - root: The root level; it must not be on a stack yet.
  ///   - factory: Makes the level for each destination a row leads to.
  ///   - exhaustivity: Whether unasserted events fail the test.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Throws: `NavigationError` when `root` is already on a stack.
  public convenience init(
    root: TableController,
    factory: @escaping NavigationController.Factory = NavigationController.noFactory,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(NavigationError) {
    self.init(
      try NavigationController(root: root, factory: factory), exhaustivity: exhaustivity,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    if !finished { reportUnasserted(at: site, when: "when the tester was deinitialized") }
  }

  func record(_ event: Event) {
    pending.append((event, currentAction))
  }

  /// Hears the stack's pushes and pops for the tester, which it must not retain.
  private final class StackObserver: NavigationObserver {
    weak var tester: NavigationTester?

    func navigationController(_ stack: NavigationController, didChange event: NavigationEvent) {
      guard let tester else { return }
      switch event {
      case .pushed(let level): tester.record(.pushed(level, from: tester.tappedObject))
      case .popped(let level): tester.record(.popped(level))
      }
    }
  }
}
