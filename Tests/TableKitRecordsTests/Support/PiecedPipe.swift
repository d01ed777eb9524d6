import Foundation
import TableKitRecords
import Testing

/// Standard input from a pipe whose every read gets the next of `pieces`, written just before it
/// (`ByteInput.willRead`), so the reads are cut the same way on every run; the writing end is
/// closed after the last piece.
///
/// The fuzz harness found several reader bugs only where a read ended inside something (a byte
/// order mark, a character, a line ending): a test cuts the input there with this.
///
/// - Parameter pieces: What each read returns, in order.
/// - Returns: The input.
/// - Throws: When the pipe cannot be made (a test's `#require`).
func piecedPipe(_ pieces: [[UInt8]]) throws -> ByteInput {
  var descriptors: [Int32] = [0, 0]
  try #require(pipe(&descriptors) == 0)
  // The input reads a duplicate of the reading end.
  defer { close(descriptors[0]) }
  let writeEnd = descriptors[1]
  var left = pieces
  let input = ByteInput(descriptor: descriptors[0], name: "standard input")
  input.willRead = {
    guard !left.isEmpty else { return }
    let piece = left.removeFirst()
    _ = piece.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    if left.isEmpty { close(writeEnd) }
  }
  return input
}
