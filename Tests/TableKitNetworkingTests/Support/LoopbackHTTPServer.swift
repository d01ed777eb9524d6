import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a port the system picks, written with the socket
/// calls of the C library, so the tests need nothing but the toolchain.
///
/// One background thread accepts connections one after another, reads each request's head,
/// asks `route` what to do and closes the connection after the answer (`Connection: close`).
/// A route may answer, or hold the connection open without a word until the server stops (for
/// timeouts). ``stop()`` shuts the listening socket, which ends the thread's `accept`, and
/// waits for the thread to close everything.
///
/// Nothing is shared with the thread but constants, a semaphore and the request counter, which
/// a `Mutex` guards.
final class LoopbackHTTPServer: Sendable {
  /// What the server does with a request.
  enum Action: Sendable {
    /// Answers with a status, a body and extra header fields (such as `Cache-Control`).
    case respond(
      status: Int, body: String, contentType: String = "application/json",
      headers: [String: String] = [:])
    /// Never answers; the connection stays open until the server stops.
    case hold
  }

  /// A request's path and query parameters.
  struct Request: Sendable {
    var path: String
    var query: [String: String]
    /// The header fields, names lower-cased.
    var headers: [String: String] = [:]
  }

  /// A failure to set up the socket, with the call that failed and `errno`.
  struct SetupError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let finished = DispatchSemaphore(value: 0)
  private let counter = RequestCounter()

  /// The number of requests the server has read and routed so far.
  var requestCount: Int { counter.count.withLock { $0 } }

  /// The number of requests routed, shared with the server's thread.
  private final class RequestCounter: Sendable {
    let count = Mutex(0)
  }

  /// Starts listening and serving on a background thread.
  ///
  /// - Parameter route: What to do with each request; called on the server's thread.
  /// - Throws: ``SetupError`` when the socket cannot be made, bound or listened on.
  init(route: @escaping @Sendable (Request) -> Action) throws(SetupError) {
    let (listener, port) = try Self.openSocket()
    self.listener = listener
    self.port = port
    let counter = self.counter
    let finished = self.finished
    let counted: @Sendable (Request) -> Action = { request in
      counter.count.withLock { $0 += 1 }
      return route(request)
    }
    let thread = Thread {
      Self.serve(listener, route: counted)
      finished.signal()
    }
    thread.name = "LoopbackHTTPServer"
    thread.start()
  }

  /// The URL of `path` on this server.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops accepting, closes every connection and waits for the thread to end.
  func stop() {
    _ = shutdown(listener, Int32(SHUT_RDWR))
    finished.wait()
  }

  // MARK: Sockets

  /// A TCP socket bound to 127.0.0.1 on a port the system picks, and that port; listening
  /// when `listens` is true, else only holding the port so nobody listens there.
  static func openSocket(listens: Bool = true) throws(SetupError) -> (socket: Int32, port: UInt16) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw SetupError(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(fd)
      throw SetupError(call: "bind", code: code)
    }
    if listens, listen(fd, 16) != 0 {
      let code = errno
      close(fd)
      throw SetupError(call: "listen", code: code)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// Accepts and answers connections until the listening socket is shut, then closes it and
  /// every held connection.
  private static func serve(_ listener: Int32, route: (Request) -> Action) {
    var held: [Int32] = []
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        break
      }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      _ = setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(
          connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      guard let request = readRequest(connection) else {
        close(connection)
        continue
      }
      switch route(request) {
      case .respond(let status, let body, let contentType, let headers):
        write(
          status: status, body: body, contentType: contentType, headers: headers, to: connection)
        close(connection)
      case .hold:
        held.append(connection)
      }
    }
    for connection in held { close(connection) }
    close(listener)
  }

  /// Reads a request's head (up to 16 KiB) and parses its target.
  private static func readRequest(_ connection: Int32) -> Request? {
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while head.count < 16_384 {
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      head += buffer[0..<count]
      let ended = head.indices.dropLast(3).contains { head[$0..<$0 + 4].elementsEqual(end) }
      if ended { break }
    }
    let firstLine = String(decoding: head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    let parts = firstLine.split(separator: " ")
    guard parts.count >= 2, let components = URLComponents(string: String(parts[1])) else {
      return nil
    }
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
    var headers: [String: String] = [:]
    let text = String(decoding: head, as: UTF8.self)
    for line in text.components(separatedBy: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(path: components.path, query: query, headers: headers)
  }

  /// Writes a whole response; a client that went away is not an error.
  private static func write(
    status: Int, body: String, contentType: String, headers: [String: String],
    to connection: Int32
  ) {
    // A 304 has no body (RFC 9110 §15.4.5).
    let bodyBytes = status == 304 ? [] : Array(body.utf8)
    let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
    let head =
      "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
      + "Content-Type: \(contentType)\r\nContent-Length: \(bodyBytes.count)\r\n"
      + extra + "Connection: close\r\n\r\n"
    var bytes = Array(head.utf8) + bodyBytes
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeMutableBytes { raw in
        send(connection, raw.baseAddress.map { $0 + sent }, raw.count - sent, noSignal)
      }
      guard count > 0 else { return }
      sent += count
    }
  }

  /// `send` flags that keep a closed peer from raising SIGPIPE.
  #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let noSignal: Int32 = 0
  #endif
}
