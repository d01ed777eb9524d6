import TableKit
import TableKitModels

/// A post of the paged feed the model tests load.
struct Post: Identifiable, Equatable, Sendable, TableRepresentable {
  var id: Int
  var title: String

  init(_ id: Int, title: String? = nil) {
    self.id = id
    self.title = title ?? "Post \(id)"
  }

  var tableCell: Cell { Cell(title, kind: "post") }
}

/// A feed of `count` posts numbered from 0, served `pageSize` at a time.
func feedPage(_ page: Int, pageSize: Int, count: Int) -> [Post] {
  let start = min(page * pageSize, count)
  return (start..<min(start + pageSize, count)).map { Post($0) }
}

/// A failure a loader reports.
struct FeedError: Error, CustomStringConvertible {
  var description: String
}

/// A page loader that waits until the test answers each request, so a test decides when and in
/// which order loads finish.
actor PageGate {
  private struct Waiter {
    var number: Int
    var continuation: CheckedContinuation<[Post], any Error>
  }

  /// The pages asked for, in order.
  private(set) var requests: [Int] = []
  private var waiters: [Waiter] = []
  private var arrivals: [CheckedContinuation<Void, Never>] = []

  /// The loader: records the request and waits for its answer; cancelling the loading task
  /// answers it with `CancellationError`.
  func load(page: Int) async throws -> [Post] {
    let number = requests.count
    requests.append(page)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiters.append(Waiter(number: number, continuation: continuation))
        for arrival in arrivals { arrival.resume() }
        arrivals.removeAll()
      }
    } onCancel: {
      Task { await self.answer(number, with: .failure(CancellationError())) }
    }
  }

  /// Returns once `count` requests arrived and wait for their answers (or were answered).
  func waitForRequests(_ count: Int) async {
    while waiters.count + answered.count < count {
      await withCheckedContinuation { arrivals.append($0) }
    }
  }

  private var answered: Set<Int> = []

  /// Answers request `number` (counted from 0); a request answered already is left alone.
  func answer(_ number: Int, with result: Result<[Post], any Error>) {
    guard let index = waiters.firstIndex(where: { $0.number == number }) else { return }
    let waiter = waiters.remove(at: index)
    answered.insert(number)
    waiter.continuation.resume(with: result)
  }
}

/// A listener that writes down what it is told, in order.
final class EventRecorder: ModelListener {
  var events: [String] = []

  func modelDidStartLoading(_ model: any LoadableModel) {
    events.append("start \(model.loadState.loadKind.map(String.init(describing:)) ?? "?")")
  }
  func modelDidFinishLoading(_ model: any LoadableModel) { events.append("finish") }
  func model(_ model: any LoadableModel, didFailWith error: any Error) {
    events.append("fail \(error)")
  }
  func modelDidCancelLoading(_ model: any LoadableModel) { events.append("cancel") }
  func model(_ model: any LoadableModel, didChangeItems changeset: TableChangeset) {
    events.append("items \(changeset)")
  }
  func modelDidReset(_ model: any LoadableModel) { events.append("reset") }
}

/// What each row of `table` shows: an item's text, or a status row as `[kind] text`.
func rowTexts(of table: TableView) throws -> [[String]] {
  try (0..<table.numberOfSections).map { section in
    try (0..<table.numberOfRows(inSection: section)).map { row in
      let cell = try table.cell(at: TablePosition(section: section, row: row))
      return cell.kind.isStatus ? "[\(cell.kind)] \(cell.text)" : cell.text
    }
  }
}

extension PageGate {
  /// A model whose pages come through this gate.
  nonisolated func model(pageSize: Int) -> PagedModel<Post> {
    PagedModel(pageSize: pageSize) { page, _ in try await self.load(page: page) }
  }
}
