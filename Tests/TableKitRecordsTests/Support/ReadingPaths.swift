import Foundation
import TableKit
import TableKitRecords
import TableRender

/// The ways the command line reads a CSV or TSV input, each of which must report an error at
/// the same true place.
enum ReadingPath: String, CaseIterable, CustomStringConvertible {
  /// A file, its rows after the kept ones read in chunks on two threads.
  case chunkedFile = "a file in chunks"
  /// A file, one row at a time.
  case fileRowByRow = "a file row by row"
  /// A pipe, one row at a time.
  case pipedInput = "a pipe"

  var description: String { rawValue }

  /// The error reading `bytes` (less than 64 KiB) by this path ends on (thrown when the table is opened, or met
  /// while its rows are rendered as CSV), or `nil` when all of it reads.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - chunkSize: The nominal bytes in a chunk, for ``chunkedFile``.
  ///   - configure: Changes to the way of reading (the format is CSV, 3 rows are kept).
  /// - Returns: The error, or `nil`.
  /// - Throws: An error writing the file or the pipe.
  func error(
    reading bytes: [UInt8], chunkSize: Int = 16,
    configure: (inout TableInput) -> Void = { _ in }
  ) throws -> TableInputError? {
    var input = TableInput()
    input.format = .csv
    input.sample = 3
    input.chunkSize = chunkSize
    input.chunking = self == .chunkedFile ? .always : .never
    configure(&input)
    switch self {
    case .chunkedFile, .fileRowByRow:
      let file = try TemporaryFile("t.csv", bytes: bytes)
      return Self.renderingError { () throws(TableInputError) in
        try input.open(try ByteInput(path: file.path), path: file.path)
      }
    case .pipedInput:
      var descriptors: [Int32] = [0, 0]
      guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
      defer { close(descriptors[0]) }
      // Written whole before reading: a pipe holds 64 KiB, and the inputs here are smaller.
      guard bytes.count < 1 << 16 else { throw POSIXError(.EFBIG) }
      let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
      close(descriptors[1])
      guard written == bytes.count else { throw POSIXError(.EIO) }
      return Self.renderingError { () throws(TableInputError) in
        try input.open(
          ByteInput(descriptor: descriptors[0], name: "standard input"), path: nil)
      }
    }
  }

  /// The error opening a table and rendering it as CSV ends on.
  private static func renderingError(
    _ open: () throws(TableInputError) -> TableInput.Opened
  ) -> TableInputError? {
    do {
      let opened = try open()
      _ = CSVTableRenderer().render(TableView(dataSource: opened.dataSource))
      return opened.stream?.error
    } catch {
      return error
    }
  }
}
