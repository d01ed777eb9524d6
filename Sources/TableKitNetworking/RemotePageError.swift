public import Foundation

/// Why a ``RemotePageLoader`` could not load a page: the URL it asked and what went wrong.
///
/// ```swift
/// do {
///   _ = try await loader.load(page: 2, pageSize: 50)
/// } catch let error as RemotePageError {
///   print(error)  // Page 2 from http://localhost:8080/posts?page=2&page_size=50 failed: …
/// }
/// ```
public struct RemotePageError: Error, Hashable, Sendable {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The server answered with a status outside 200–299.
    case httpStatus(Int)
    /// No answer came within the loader's timeout, in seconds.
    case timedOut(seconds: Double)
    /// Nothing accepted the connection: no server listens there, or the host refused it.
    case connectionRefused
    /// The answer was not a page of items: where in the JSON (`[3].title`, or empty for the
    /// whole page) and what was wrong there.
    case malformedPage(path: String, problem: String)
    /// Any other failure of the transfer, with the system's message.
    case transport(String)
    /// The body has more bytes than the loader's ``RemotePageLoader/maximumBodyBytes``, the
    /// limit given (or its `Content-Length` said it would); the transfer was stopped.
    case bodyTooLarge(limit: Int)
  }

  /// The page that was asked for, from 0.
  public var page: Int
  /// The URL asked, with its page query parameters.
  public var url: URL
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - page: The page asked for.
  ///   - url: The URL asked.
  ///   - reason: What went wrong.
  public init(page: Int, url: URL, reason: Reason) {
    self.page = page
    self.url = url
    self.reason = reason
  }
}

extension RemotePageError: CustomStringConvertible {
  /// A sentence naming the page, the URL and what went wrong.
  ///
  /// For example: `Page 1 from http://127.0.0.1:8080/posts?page=1&page_size=50 failed: the server answered
  /// HTTP 500.`
  public var description: String {
    "Page \(page) from \(url.absoluteString) failed: \(reason)."
  }
}

extension RemotePageError.Reason: CustomStringConvertible {
  /// What went wrong, as the end of a sentence.
  public var description: String {
    switch self {
    case .httpStatus(let status):
      "the server answered HTTP \(status)"
    case .timedOut(let seconds):
      "no answer within \(Self.seconds(seconds)) s"
    case .connectionRefused:
      "the connection was refused (nothing listens there)"
    case .malformedPage(let path, let problem):
      path.isEmpty
        ? "the page is not a JSON array of items: \(problem)"
        : "the page is malformed at \(path): \(problem)"
    case .transport(let message):
      message
    case .bodyTooLarge(let limit):
      "the page's body is longer than \(limit) bytes, the most the loader takes "
        + "(maximumBodyBytes)"
    }
  }
}

extension RemotePageError.Reason {
  /// `seconds` without a trailing `.0`: `30`, `0.5`.
  fileprivate static func seconds(_ seconds: Double) -> String {
    let text = String(seconds)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
