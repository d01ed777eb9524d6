import TableKit
import TableKitRecords
import TableKitTestSupport

/// Reads `json` as the file `t.json`.
func readDocument(_ json: String) throws(JSONTableError) -> JSONTableDocument {
  try JSONTableDocument(parsing: Array(json.utf8), path: "t.json")
}

/// The cells of the single section of `json`'s table.
func readRows(_ json: String) throws(JSONTableError) -> [[CellValue]] {
  try readDocument(json).sections.first?.rows ?? []
}

/// The cell of a one-column, one-row table holding `number` as written.
func readNumber(_ number: String) throws(JSONTableError) -> CellValue? {
  try readRows(#"{"columns": ["n"], "rows": [["# + number + "]]}").first?.first
}

/// The error reading `bytes` as `t.json` gives, or `nil` when it reads.
func readingError(_ bytes: [UInt8]) -> JSONTableError? {
  do {
    _ = try JSONTableDocument(parsing: bytes, path: "t.json")
    return nil
  } catch {
    return error
  }
}

/// The error reading `json` as `t.json` gives, or `nil` when it reads.
func readingError(_ json: String) -> JSONTableError? {
  readingError(Array(json.utf8))
}

/// Reads `bytes` as `t.json` the streaming way, in chunks of 0 to `maximumChunk` bytes drawn from
/// `generator`.
func readDocumentInChunks(
  _ bytes: [UInt8], maximumChunk: Int, using generator: inout SeededGenerator
) throws(JSONTableError) -> JSONTableDocument {
  var sizes: [Int] = []
  var total = 0
  while total < bytes.count {
    let size = Int.random(in: 0...maximumChunk, using: &generator)
    sizes.append(size)
    total += size
  }
  final class Chunks {
    var rest: ArraySlice<UInt8>
    var sizes: [Int]
    init(_ bytes: [UInt8], _ sizes: [Int]) {
      rest = bytes[...]
      self.sizes = sizes.reversed()
    }
    func next() -> [UInt8]? {
      guard !rest.isEmpty else { return nil }
      // An empty chunk before the end would end the input: give at least one byte.
      let size = max(sizes.popLast() ?? rest.count, 1)
      defer { rest = rest.dropFirst(size) }
      return Array(rest.prefix(size))
    }
  }
  let chunks = Chunks(bytes, sizes)
  return try JSONTableDocument(path: "t.json") { chunks.next() }
}
