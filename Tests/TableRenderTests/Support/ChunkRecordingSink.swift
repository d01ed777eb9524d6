import TableRender

/// A sink that keeps every chunk it receives, to check how output is streamed.
///
/// It counts the chunks, remembers the largest, and counts those that are not whole UTF-8 on their
/// own (a renderer's chunks must never split a scalar).
final class ChunkRecordingSink: ByteSink {
  private(set) var text = ""
  private(set) var chunks = 0
  private(set) var largestChunk = 0
  private(set) var brokenChunks = 0

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    chunks += 1
    largestChunk = max(largestChunk, bytes.count)
    if let chunk = String(validating: bytes, as: UTF8.self) {
      text += chunk
    } else {
      brokenChunks += 1
      text += String(decoding: bytes, as: UTF8.self)
    }
  }
}
