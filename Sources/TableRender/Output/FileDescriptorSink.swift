import TableKit
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink that writes chunks to an open file descriptor with `write(2)`.
///
/// Short writes are continued and interrupted ones retried, so nothing is lost on a pipe. The
/// first failure is kept in ``error`` and later chunks are dropped; check it when rendering ends
/// (the `write(_:to…)` conveniences on ``TableRenderer`` do).
///
/// ```swift
/// let sink = FileDescriptorSink(descriptor: 1)
/// var buffer = OutputBuffer(sink: sink)
/// CSVTableRenderer().render(table, into: &buffer)
/// buffer.flush()
/// if let error = sink.error { print(error) }
/// ```
public final class FileDescriptorSink: ByteSink {
  /// The descriptor written to; the sink never closes it.
  public let descriptor: Int32
  /// What the descriptor is, as a person knows it, for messages: a file's path,
  /// `standard output`, or `file descriptor N` when the sink was given no name.
  public let destination: String
  /// The first write failure, or `nil` while every write has succeeded.
  public private(set) var error: RenderError?

  /// Creates a sink onto `descriptor`.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor, for example `1` for standard output.
  ///   - destination: What the descriptor is, as a person knows it (a file's path), for error
  ///     messages; `nil` names descriptors 1 and 2 `standard output` and `standard error` and
  ///     any other `file descriptor N`.
  public init(descriptor: Int32, destination: String? = nil) {
    self.descriptor = descriptor
    self.destination = destination ?? Self.defaultName(of: descriptor)
  }

  /// The name of a descriptor given no destination.
  private static func defaultName(of descriptor: Int32) -> String {
    switch descriptor {
    case 1: "standard output"
    case 2: "standard error"
    default: "file descriptor \(descriptor)"
    }
  }

  /// A sink onto standard output.
  public static var standardOutput: FileDescriptorSink { FileDescriptorSink(descriptor: 1) }

  /// Writes the whole chunk, or records why it could not.
  ///
  /// - Parameter bytes: The chunk.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard error == nil, let base = bytes.baseAddress else { return }
    do throws(Errno) {
      try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(start: base, count: bytes.count))
    } catch {
      self.error = .writeFailed(destination: destination, code: error.code)
    }
  }
}
