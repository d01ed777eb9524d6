import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Receives one response's body for ``RemotePageLoader``, a chunk at a time, and cancels the
/// transfer as soon as the body passes a limit, so a page never takes more than the limit (and
/// one chunk) in memory.
///
/// It is the delegate of a session made for one request; the request's continuation is resumed
/// exactly once, when the task completes.
final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
  /// What a collected transfer ended with.
  enum Outcome: Sendable {
    /// The body, whole, and the response.
    case received(Data, URLResponse)
    /// The body passed the limit: it said so in `Content-Length`, or more bytes came.
    case tooLarge
    /// The transfer failed.
    case failed(any Error)
  }

  private struct State {
    var body = Data()
    var response: URLResponse?
    var isTooLarge = false
    var continuation: CheckedContinuation<Outcome, Never>?
  }

  /// The most bytes the body may have.
  let limit: Int
  private let state = Mutex(State())

  /// A collector of bodies of at most `limit` bytes.
  init(limit: Int) {
    self.limit = limit
  }

  /// Runs `request` on a session made with `configuration` and this collector as its delegate.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limit: The most bytes the body may have.
  ///   - configuration: The configuration of the caller's session.
  /// - Returns: How the transfer ended; a cancelled Swift task cancels the transfer, which
  ///   then ends as failed.
  static func fetch(
    _ request: URLRequest, limit: Int, configuration: URLSessionConfiguration
  ) async -> Outcome {
    let collector = BodyCollector(limit: limit)
    let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        collector.state.withLock { $0.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = response.expectedContentLength > Int64(limit)
    state.withLock { state in
      state.response = response
      if tooLarge { state.isTooLarge = true }
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state in
      guard !state.isTooLarge else { return true }
      if state.body.count + data.count > limit {
        state.isTooLarge = true
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, outcome) = state.withLock {
      state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
      let continuation = state.continuation
      state.continuation = nil
      if state.isTooLarge { return (continuation, .tooLarge) }
      if let error { return (continuation, .failed(error)) }
      guard let response = state.response ?? task.response else {
        return (continuation, .failed(URLError(.badServerResponse)))
      }
      return (continuation, .received(state.body, response))
    }
    continuation?.resume(returning: outcome)
  }
}
