public import TableKit
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A format a table can be rendered to: one conforming struct per format.
///
/// Renderers read the table through its data source: sections become row groups under their
/// header titles, the data source's columns become the header row, and every row shows the cell
/// its represented object's representation gives (or the object's format-specific representation,
/// such as `HTMLRepresentable`, when its type has one).
///
/// A renderer implements one method, ``render(_:into:)``, which writes UTF-8 into an
/// ``OutputBuffer``; the buffer hands a ``ByteSink`` chunks of about 64 KiB, so memory stays flat
/// for HTML, Markdown and CSV whatever the number of rows. The conveniences in
/// the extension render to any `TextOutputStream`, to a `String`, to a file or to standard output.
///
/// ```swift
/// let report = TextTableRenderer().render(table)
/// try HTMLTableRenderer().write(table, toFile: "report.html")
/// ```
public protocol TableRenderer: Sendable {
  /// Writes `table` into `output` in this renderer's format, without flushing it.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: The buffer to fill.
  func render(_ table: TableView, into output: inout OutputBuffer)
}

extension TableRenderer {
  /// Writes `table` to any text stream, in chunks of about 64 KiB.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the text goes.
  public func render<Output: TextOutputStream>(_ table: TableView, to output: inout Output) {
    OutputBuffer.writing(to: &output) { render(table, into: &$0) }
  }

  /// Renders `table` into a new string, for small tables and tests.
  ///
  /// - Parameter table: The table to render.
  /// - Returns: The rendered text.
  public func render(_ table: TableView) -> String {
    var output = ""
    render(table, to: &output)
    return output
  }

  /// Writes `table` to an open file descriptor.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - descriptor: An open descriptor; it is not closed.
  ///   - destination: What the descriptor is, as a person knows it (a file's path), for the
  ///     error's message; `nil` for `standard output`, `standard error` or `file descriptor N`.
  /// - Throws: ``RenderError/writeFailed(destination:code:)`` when a write fails.
  public func write(
    _ table: TableView,
    toDescriptor descriptor: Int32,
    destination: String? = nil
  ) throws(RenderError) {
    let sink = FileDescriptorSink(descriptor: descriptor, destination: destination)
    var buffer = OutputBuffer(sink: sink)
    render(table, into: &buffer)
    buffer.flush()
    if let error = sink.error { throw error }
  }

  /// Writes `table` to standard output.
  ///
  /// - Parameter table: The table to render.
  /// - Throws: ``RenderError/writeFailed(destination:code:)`` when a write fails.
  public func writeToStandardOutput(_ table: TableView) throws(RenderError) {
    try write(table, toDescriptor: 1)
  }

  /// Writes `table` to the file at `path` through TableKitFiles' `SafeWrite.file(at:_:)`, replacing it
  /// whole or not at all.
  ///
  /// The table is rendered into a hidden temporary beside the file, which is synced and renamed
  /// over it only when every byte was written: on any failure (a full disk, say) the old file
  /// is left byte for byte as it was and the temporary is removed. A FIFO or device such as
  /// `/dev/null` is written in place.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - path: The file's path.
  /// - Throws: ``RenderError/cannotOpen(path:code:)`` when the file cannot be created beside
  ///   (or is a folder), ``RenderError/writeFailed(destination:code:)`` when writing, syncing or
  ///   renaming fails.
  public func write(_ table: TableView, toFile path: String) throws(RenderError) {
    let failure = { (error: SafeWriteError) -> RenderError in
      switch error.operation {
      case .inspect, .resolve, .create, .makeDirectory:
        .cannotOpen(path: path, code: error.code)
      default:
        .writeFailed(destination: path, code: error.code)
      }
    }
    let render = { (file: inout StagedFile) throws(RenderError) in
      try write(table, toDescriptor: file.descriptor, destination: path)
    }
    try SafeWrite.file(at: path, followsLinks: true, failure: failure, render)
  }
}
