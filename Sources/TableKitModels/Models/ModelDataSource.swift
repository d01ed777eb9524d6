public import TableKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A data source that shows a model's items in one section, followed by a row that tells where
/// loading stands: loading, empty, failed with retry, or load more.
///
/// ```swift
/// let feed = PagedModel<Post>(pageSize: 50) { page, size in try await api.posts(page, size) }
/// let posts = ModelDataSource(model: feed, title: "Posts", emptyMessage: "No posts yet")
/// let table = TableView(dataSource: posts)
/// await feed.load()   // the table inserts a loading row, then 50 posts and "Load more"
/// ```
///
/// Items show themselves through `TableRepresentable` and ``representations``, like in any
/// data source. After them comes at most one ``ModelStatusRow``:
///
/// | The model                                  | The status row                             |
/// |--------------------------------------------|--------------------------------------------|
/// | loading (first, refresh or more)           | `CellKind.loading`: ``loadingText``      |
/// | failed                                     | `CellKind.failure`: the error's message, and ``retryText`` |
/// | loaded with no items and no more           | `CellKind.empty`: ``emptyMessage``       |
/// | loaded or cancelled, with more to load     | `CellKind.loadMore`: ``loadMoreText``    |
/// | idle with no items, or loaded to the end   | none                                       |
/// | loaded to the end, showing saved rows      | `CellKind.savedRows`: ``savedRowsText`` |
///
/// While the model shows rows saved in a cache (``LoadableModel/savedRowsDate``), the loading,
/// empty and load-more rows carry ``savedRowsText`` as their second line, such as
/// "Showing saved rows from 2026-11-25T19:00:00Z" (ISO 8601 in UTC, so it reads the same on
/// every machine); when no other row would show, a `CellKind.savedRows` row says it.
///
/// Selecting the failure row retries the load that failed; selecting the load-more row loads the
/// next page. The load runs in a task in the isolation the data source was created in;
/// ``pendingLoad`` is that task.
///
/// ## Changes
///
/// The data source is a ``ModelListener`` of its model and a `ChangingTableDataSource`
/// toward its table (or a composition above it). A page appended reaches the table as inserted
/// rows, a refresh as the model's difference, and the status row as an insert, a delete or a
/// reload of the last row; nothing is ever reloaded wholesale. Put several in a
/// `ComposedDataSource` to load sections independently: one can be loading while another is
/// loaded. A change the table refuses (it would only happen if something else changed the
/// table's view of this data source) is kept in ``lastUpdateError``.
///
/// ## Isolation
///
/// Like its model, the data source lives in its creator's isolation domain; its initializer
/// takes that isolation (`#isolation`), which must be an actor (the main actor, say), because
/// selecting a row must be able to start a load there later.
public final class ModelDataSource<Model: LoadableModel>: ChangingTableDataSource, ModelListener {
  /// The model shown.
  public let model: Model
  /// Told of every change; the `TableView` or the composition this data source is in sets itself
  /// here.
  public weak var changeObserver: (any TableChangeObserver)?
  /// The section's header title, or `nil`.
  public var title: String?
  /// The section's footer title, or `nil`.
  public var footer: String?
  /// The columns of a multi-column table; empty for a table of texts and details.
  public var columns: [ColumnDefinition]
  /// This table's overrides of how types show themselves.
  public var representations: RepresentationRegistry
  /// What the empty row says: the app's message for a model that loaded nothing.
  public var emptyMessage: String
  /// What the loading row says.
  public var loadingText = "Loading…"
  /// What the load-more row says.
  public var loadMoreText = "Load more"
  /// The second line of the failure row, under the error's message.
  public var retryText = "Select to retry"
  /// What the rows say while saved rows are shown: "Showing saved rows from " and the save
  /// date in ISO 8601, UTC.
  public var savedRowsText: @Sendable (Date) -> String = {
    "Showing saved rows from \($0.formatted(.iso8601))"
  }
  /// The last change the table refused, or `nil` when the last one was accepted.
  public private(set) var lastUpdateError: TableUpdateError?
  /// The task of the load that selecting a row started last, or `nil`.
  public private(set) var pendingLoad: Task<Void, Never>?

  /// The status row the table was last told of.
  public private(set) var statusRow: ModelStatusRow?
  private let startLoad: (_ retrying: Bool) -> Task<Void, Never>

  /// Creates a data source for `model` and listens to it.
  ///
  /// - Parameters:
  ///   - model: The model to show.
  ///   - title: The section's header title, or `nil`.
  ///   - emptyMessage: What the empty row says.
  ///   - columns: The columns of a multi-column table.
  ///   - representations: This table's overrides of how types show themselves.
  ///   - isolation: The actor the model and this data source live on; leave it to
  ///     `#isolation`.
  public init(
    model: Model,
    title: String? = nil,
    emptyMessage: String = "Nothing here yet",
    columns: [ColumnDefinition] = [],
    representations: RepresentationRegistry = RepresentationRegistry(),
    isolation: isolated any Actor = #isolation
  ) {
    self.model = model
    self.title = title
    self.emptyMessage = emptyMessage
    self.columns = columns
    self.representations = representations
    self.startLoad = { retrying in
      Task {
        _ = isolation
        if retrying {
          await model.retry(isolation: isolation)
        } else {
          await model.load(more: true, isolation: isolation)
        }
      }
    }
    statusRow = currentStatusRow()
    model.addListener(self)
  }

  // MARK: Status

  /// The status row the model's state calls for now.
  private func currentStatusRow() -> ModelStatusRow? {
    let isEmpty = model.items.isEmpty
    let saved = model.savedRowsDate.map(savedRowsText)
    switch model.loadState {
    case .loading:
      return ModelStatusRow(kind: .loading, text: loadingText, detail: saved)
    case .failed(let error):
      return ModelStatusRow(kind: .failure, text: Self.message(of: error), detail: retryText)
    case .loaded where isEmpty && !model.hasMore:
      return ModelStatusRow(kind: .empty, text: emptyMessage, detail: saved)
    case .idle where isEmpty:
      return nil
    case .idle, .loaded, .cancelled:
      if model.hasMore { return ModelStatusRow(kind: .loadMore, text: loadMoreText, detail: saved) }
      return saved.map { ModelStatusRow(kind: .savedRows, text: $0) }
    }
  }

  /// What the failure row says for `error`: its `LocalizedError` description, else its
  /// description.
  static func message(of error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
  }

  /// Brings the status row up to date and tells the table how it changed.
  private func updateStatusRow() {
    let new = currentStatusRow()
    let old = statusRow
    guard new != old else { return }
    statusRow = new
    let position = TablePosition(section: 0, row: model.items.count)
    switch (old, new) {
    case (nil, _): report(TableChangeset(insertedRows: [position]))
    case (_, nil): report(TableChangeset(deletedRows: [position]))
    default: report(TableChangeset(reloadedRows: [position]))
    }
  }

  private func report(_ changeset: TableChangeset) {
    do {
      try reportChange(changeset)
      lastUpdateError = nil
    } catch {
      lastUpdateError = error
    }
  }

  // MARK: ModelListener

  /// Shows the loading row.
  ///
  /// - Parameter model: The model.
  public func modelDidStartLoading(_ model: any LoadableModel) { updateStatusRow() }

  /// Shows the load-more or empty row, or none.
  ///
  /// - Parameter model: The model.
  public func modelDidFinishLoading(_ model: any LoadableModel) { updateStatusRow() }

  /// Shows the failure row.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - error: Unused: the row reads the model's state.
  public func model(_ model: any LoadableModel, didFailWith error: any Error) {
    updateStatusRow()
  }

  /// Shows the load-more row, or none.
  ///
  /// - Parameter model: The model.
  public func modelDidCancelLoading(_ model: any LoadableModel) { updateStatusRow() }

  /// Removes the status row of the forgotten items.
  ///
  /// - Parameter model: The model.
  public func modelDidReset(_ model: any LoadableModel) { updateStatusRow() }

  /// Passes the items' change to the table; the status row, after them, is not part of it.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - changeset: The change in section 0, which is this data source's section too.
  public func model(_ model: any LoadableModel, didChangeItems changeset: TableChangeset) {
    report(changeset)
  }

  // MARK: TableDataSource

  /// One section.
  public var numberOfSections: Int { 1 }

  /// The items and the status row, if any.
  ///
  /// - Parameter section: Section 0.
  /// - Returns: The row count.
  public func numberOfRows(inSection section: Int) -> Int {
    section == 0 ? model.items.count + (statusRow == nil ? 0 : 1) : 0
  }

  /// The item at `position`, or the ``ModelStatusRow`` after the items.
  ///
  /// - Parameter position: A position inside the counts.
  /// - Returns: The item or status row; for any other position, an empty unselectable row.
  public func representedObject(at position: TablePosition) -> Any {
    let items = model.items
    if position.section == 0, items.indices.contains(position.row) { return items[position.row] }
    if position.section == 0, position.row == items.count, let statusRow { return statusRow }
    return ModelStatusRow(kind: "status-none", text: "")
  }

  /// Fills `cell` through ``representations`` for the row's object.
  ///
  /// - Parameters:
  ///   - cell: A reused cell; on return, the row's cell.
  ///   - position: A position inside the counts.
  public func configureCell(_ cell: inout Cell, at position: TablePosition) {
    representations.configure(&cell, for: representedObject(at: position))
  }

  /// The section's header title.
  ///
  /// - Parameter section: Section 0.
  /// - Returns: ``title``.
  public func titleForHeader(inSection section: Int) -> String? { section == 0 ? title : nil }

  /// The section's footer title.
  ///
  /// - Parameter section: Section 0.
  /// - Returns: ``footer``.
  public func titleForFooter(inSection section: Int) -> String? { section == 0 ? footer : nil }

  /// Starts the load a status row offers: a retry for the failure row, the next page for the
  /// load-more row.
  ///
  /// - Parameters:
  ///   - position: The selected row.
  ///   - object: The row's object.
  public func didSelectRow(at position: TablePosition, representing object: Any) {
    guard let status = object as? ModelStatusRow else { return }
    if status.kind == .failure {
      pendingLoad = startLoad(true)
    } else if status.kind == .loadMore {
      pendingLoad = startLoad(false)
    }
  }
}
