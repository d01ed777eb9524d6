/// Prepares a table, binds it to a data source it owns, and owns the workflow around selection.
///
/// The controller decides what a selection leads to; the data source decides what the rows are
/// and how they look. That split lets one controller type serve many data sources, and lets the
/// table's content change without touching the controller's workflow:
///
/// ```swift
/// final class ContactController: TableController {
///   private(set) var opened: [Any] = []
///
///   init(contact: Contact) {
///     super.init(title: contact.name, dataSource: ContactCardDataSource(contact: contact))
///   }
///
///   override func didSelectRow(at position: TablePosition, representing object: Any) {
///     opened.append(object)
///   }
/// }
/// ```
///
/// The controller registers itself as the table's ``TableView/selectionObserver``, so every selection
/// (through the table or through the controller) reaches ``didSelectRow(at:representing:)``
/// after the data source's own hook.
///
/// A controller is not `Sendable`, and no subclass can be: it owns a ``TableView`` and runs its
/// workflow synchronously on its owner's thread.
open class TableController: TableSelectionObserver {
  /// The table this controller prepared and binds.
  public let table: TableView

  /// The title of the screen the table is on, for example the name of the selected brand.
  open var title: String?

  /// The navigation stack this controller is on, or `nil` when it is on none.
  ///
  /// Set by the stack, held weakly because the stack owns its levels. TableKitNavigation reads it
  /// as `navigationController`; the core knows no stack type.
  package weak var navigationStack: AnyObject?

  /// The description this level was made from, when a navigation stack (TableKitNavigation's
  /// `NavigationController`) made it from one.
  public package(set) var navigationDestination: (any NavigationDestination)?

  /// The back title set for this level, or `nil` to use the title of the level below
  /// (TableKitNavigation's `backTitle`).
  package var customBackTitle: String?

  /// The data source the table shows; replacing it rebinds and reloads the table.
  public var dataSource: any TableDataSource {
    get { table.dataSource }
    set { table.dataSource = newValue }
  }

  /// Creates a controller that owns `dataSource` and a table bound to it.
  ///
  /// - Parameters:
  ///   - title: The title of the screen.
  ///   - dataSource: The data source, created with its data.
  public init(title: String? = nil, dataSource: any TableDataSource) {
    self.title = title
    self.table = TableView(dataSource: dataSource)
    table.selectionObserver = self
  }

  /// Selects the row at `position` through the table, running the data source's hooks and then
  /// this controller's ``didSelectRow(at:representing:)``.
  ///
  /// - Parameter position: The row to select.
  /// - Returns: The row actually selected, or `nil` when the selection was vetoed.
  /// - Throws: ``TableError`` when the table has no such row.
  @discardableResult
  public func selectRow(at position: TablePosition) throws(TableError) -> TablePosition? {
    try table.selectRow(at: position)
  }

  /// The workflow step after a selection; does nothing by default.
  ///
  /// Override it to act, for example to push the next level or open a URL.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  open func didSelectRow(at position: TablePosition, representing object: Any) {}

  /// The description of the level that selecting the row at `position` leads to, or `nil` (the
  /// default) when the row leads nowhere deeper.
  ///
  /// A navigation stack (TableKitNavigation's `NavigationController`) asks this after a selection
  /// and makes the next level from the answer with its factory; its `NavigationWalker` asks it of
  /// every row to walk the whole hierarchy.
  /// Answer from the row alone, without side effects: the workflow belongs in
  /// ``didSelectRow(at:representing:)``, which runs first when a person selects the row.
  ///
  /// - Parameters:
  ///   - position: A row of this controller's table.
  ///   - object: The object the row represents.
  /// - Returns: The next level's description, or `nil`.
  open func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    nil
  }

  /// Forwards the table's selection to ``didSelectRow(at:representing:)``.
  ///
  /// - Parameters:
  ///   - table: The table whose row was selected.
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  public func table(
    _ table: TableView,
    didSelectRowAt position: TablePosition,
    representing object: Any
  ) {
    didSelectRow(at: position, representing: object)
  }
}
