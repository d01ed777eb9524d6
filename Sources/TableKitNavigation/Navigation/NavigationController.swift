public import TableKit

/// A stack of table controllers, as a navigation controller keeps them, with no screen.
///
/// The stack owns its levels, root first. Pushing and popping are checked: a controller can be on
/// one stack once, the root is never popped, and a misuse is a ``NavigationError``. Every pop
/// returns what it removed, and ``NavigationObserver``s see every push and pop in order.
///
/// ```swift
/// let stack = try NavigationController(root: brands) { destination, session throws(NavigationError) in
///   try CatalogueLevel.makeController(for: destination, session: session)
/// }
/// try stack.selectRow(at: TablePosition(section: 0, row: 1))   // pushes the models level
/// stack.breadcrumbs        // ["Brands", "BMW"]
/// stack.top.backTitle      // "Brands"
/// try stack.pop()          // the models level
/// ```
///
/// Each stack has its own ``session``, through which a level passes values to the levels above
/// it; a level's values go with it when it is popped.
///
/// A stack is not `Sendable`, like the controllers and the session it holds: it is pushed,
/// popped and observed synchronously on its owner's thread.
public final class NavigationController {
  /// Makes the controller of a level from its description, reading the session as it needs.
  ///
  /// Throw ``NavigationError/unknownDestination(_:)`` for a destination you do not know, or pass
  /// on the error of ``NavigationSession/requiredValue(for:)``.
  public typealias Factory =
    (any NavigationDestination, NavigationSession) throws(NavigationError) -> TableController

  /// The levels, root first; never empty.
  public private(set) var controllers: [TableController]

  /// The values the levels pass up, scoped to this stack.
  public let session: NavigationSession

  /// Makes a level from a description, for pushing a destination and for selection.
  private let factory: Factory

  /// The observers, held weakly.
  private var observers: [WeakNavigationObserver] = []

  /// Creates a stack whose root level is `root`.
  ///
  /// - Parameters:
  ///   - root: The root level, a controller on no stack yet.
  ///   - factory: Makes the next level when a selected row answers a destination. The default
  ///     knows no destination, for a stack whose levels are all pushed as controllers.
  /// - Throws: ``NavigationError/alreadyOnStack(title:onThisStack:)`` when `root` is on a stack.
  public convenience init(
    root: TableController, factory: @escaping Factory = NavigationController.noFactory
  ) throws(NavigationError) {
    guard root.navigationController == nil else {
      throw .alreadyOnStack(title: root.title, onThisStack: false)
    }
    self.init(freeRoot: root, session: NavigationSession(), factory: factory)
  }

  /// Creates a stack on `root`, which the caller knows to be on no stack.
  init(freeRoot root: TableController, session: NavigationSession, factory: @escaping Factory) {
    self.controllers = [root]
    self.session = session
    self.factory = factory
    root.navigationStack = self
  }

  /// Creates a stack whose root level is made by `factory` from `destination`.
  ///
  /// The factory is given the stack's session, empty at this point.
  ///
  /// - Parameters:
  ///   - destination: The description of the root level.
  ///   - factory: Makes every level from its description.
  /// - Throws: What `factory` throws for `destination`, or
  ///   ``NavigationError/alreadyOnStack(title:onThisStack:)`` when it returns a controller that
  ///   is on a stack.
  public convenience init(
    rootDestination destination: some NavigationDestination, factory: @escaping Factory
  ) throws(NavigationError) {
    let session = NavigationSession()
    let root = try factory(destination, session)
    guard root.navigationController == nil else {
      throw .alreadyOnStack(title: root.title, onThisStack: false)
    }
    root.navigationDestination = destination
    self.init(freeRoot: root, session: session, factory: factory)
  }

  /// The factory of a stack that is given no factory: it knows no destination.
  public static func noFactory(
    _ destination: any NavigationDestination, _ session: NavigationSession
  ) throws(NavigationError) -> TableController {
    throw .unknownDestination(String(describing: destination))
  }

  /// The first level, which is never popped.
  public var root: TableController { controllers[0] }

  /// The level on top, the one a person sees.
  public var top: TableController { controllers[controllers.count - 1] }

  /// The number of levels, at least 1: a depth counts levels, the root as 1.
  ///
  /// A *level* is an index instead, the root's 0 (``level(of:)``): the top is level
  /// `depth - 1`.
  public var depth: Int { controllers.count }

  /// The titles of the levels, root first; an untitled level reads as an empty string.
  public var breadcrumbs: [String] { controllers.map { $0.title ?? "" } }

  /// The descriptions the levels were made from, root first.
  ///
  /// A level pushed as a controller has `nil`. A router saves these to restore the stack.
  public var destinations: [(any NavigationDestination)?] {
    controllers.map(\.navigationDestination)
  }

  /// Where `controller` is on this stack, counting from the root at 0, or `nil`.
  ///
  /// - Parameter controller: A controller.
  /// - Returns: Its level, or `nil` when it is not on this stack.
  /// - Complexity: O(k) for a controller k levels below the top (searched from the top, where
  ///   selections and pops happen).
  public func level(of controller: TableController) -> Int? {
    guard controller.navigationController === self else { return nil }
    return controllers.lastIndex { $0 === controller }
  }

  /// Pushes `controller` as the new top level.
  ///
  /// - Parameter controller: A controller on no stack.
  /// - Throws: ``NavigationError/alreadyOnStack(title:onThisStack:)`` when it is on a stack,
  ///   this one or another.
  public func push(_ controller: TableController) throws(NavigationError) {
    if let other = controller.navigationController {
      throw .alreadyOnStack(title: controller.title, onThisStack: other === self)
    }
    controller.navigationStack = self
    controllers.append(controller)
    session.pushLayer()
    notify(.pushed(controller))
  }

  /// Makes the level that `destination` describes with the factory, and pushes it.
  ///
  /// - Parameter destination: The description of the new level.
  /// - Returns: The controller pushed.
  /// - Throws: What the factory throws, or an error of pushing a controller.
  @discardableResult
  public func push(_ destination: some NavigationDestination) throws(NavigationError)
    -> TableController
  {
    try push(destination: destination)
  }

  /// Pushes the level `destination` describes; the existential form of ``push(_:)``.
  func push(destination: any NavigationDestination) throws(NavigationError) -> TableController {
    let controller = try factory(destination, session)
    controller.navigationDestination = destination
    try push(controller)
    return controller
  }

  /// Pops the top level.
  ///
  /// - Returns: The controller popped, now on no stack.
  /// - Throws: ``NavigationError/cannotPopRoot(root:)`` when only the root is left.
  @discardableResult
  public func pop() throws(NavigationError) -> TableController {
    guard controllers.count > 1 else { throw .cannotPopRoot(root: root.title) }
    return removeTop()
  }

  /// Pops the levels above `controller`, so it is the top level.
  ///
  /// - Parameter controller: A level on this stack.
  /// - Returns: The controllers popped, in stack order (lowest first); empty when `controller`
  ///   was already on top.
  /// - Throws: ``NavigationError/notOnStack(title:operation:)`` when `controller` is not on this
  ///   stack.
  @discardableResult
  public func pop(to controller: TableController) throws(NavigationError) -> [TableController] {
    guard let level = level(of: controller) else {
      throw .notOnStack(title: controller.title, operation: .popTo)
    }
    return pop(toLevel: level)
  }

  /// Pops every level above the root.
  ///
  /// - Returns: The controllers popped, in stack order (lowest first); empty when only the root
  ///   was left.
  @discardableResult
  public func popToRoot() -> [TableController] {
    pop(toLevel: 0)
  }

  /// Adds `observer`, held weakly, to be told of every push and pop from now on.
  ///
  /// - Parameter observer: The observer.
  public func addObserver(_ observer: any NavigationObserver) {
    observers.removeAll { $0.observer == nil || $0.observer === observer }
    observers.append(WeakNavigationObserver(observer: observer))
  }

  /// Removes `observer`.
  ///
  /// - Parameter observer: The observer.
  public func removeObserver(_ observer: any NavigationObserver) {
    observers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// Pops down to `level`, top first, one event per level.
  private func pop(toLevel level: Int) -> [TableController] {
    var removed: [TableController] = []
    while controllers.count > level + 1 { removed.append(removeTop()) }
    return removed.reversed()
  }

  /// Removes the top level (never the root), its session layer and its link to this stack.
  private func removeTop() -> TableController {
    let controller = controllers.removeLast()
    controller.navigationStack = nil
    session.popLayer()
    notify(.popped(controller))
    return controller
  }

  private func notify(_ event: NavigationEvent) {
    for entry in observers {
      entry.observer?.navigationController(self, didChange: event)
    }
  }
}
