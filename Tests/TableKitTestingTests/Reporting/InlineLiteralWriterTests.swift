import Foundation
import TableKit
import TableKitFiles
import TableKitTesting
import Testing

/// A test file of `count` functions, each calling an assertion whose literal holds `body(index)`,
/// and the line of each call (from 1).
private func testFile(count: Int, body: (Int) -> [String]) -> (text: String, callLines: [Int]) {
  var lines = ["import TableKitTesting", ""]
  var callLines: [Int] = []
  for index in 0..<count {
    lines.append("@Test func level\(index)() {")
    lines.append("  assertRendering(")
    callLines.append(lines.count)
    lines.append("    of: table,")
    lines.append("    \"\"\"")
    lines.append(contentsOf: body(index).map { "    " + $0 })
    lines.append("    \"\"\")")
    lines.append("}")
    lines.append("")
  }
  return (lines.joined(separator: "\n"), callLines)
}

/// A fresh folder for one test's source files, removed when `body` returns.
private func withScratchFolder(_ body: (URL) throws -> Void) throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tablekit-record-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try body(folder)
}

/// Records `texts[i]` into the literal after `callLines[i]` of `path`, all at once from as many
/// threads as the machine runs, the way parallel tests do; returns each recording's message.
private func recordConcurrently(
  _ texts: [String], replacing expected: [String], in path: String, callLines: [Int]
) -> [String] {
  let messages = Locked([String?](repeating: nil, count: texts.count))
  DispatchQueue.concurrentPerform(iterations: texts.count) { index in
    let message = RecordMode.recordingMessage(
      texts[index], replacing: expected[index], version: .v1, path: path,
      fileID: "ShowroomTests/LevelTests.swift", line: callLines[index], what: "the rendering")
    messages.withLock { $0[index] = message }
  }
  return messages.withLock { $0.map { $0 ?? "" } }
}

/// The line a message says its literal opens at.
private func reportedLine(_ message: String) -> Int? {
  guard let range = message.range(of: "into the literal that opens at line ") else { return nil }
  return Int(message[range.upperBound...].prefix { $0.isNumber })
}

@Suite struct InlineLiteralWriterTests {
  /// Many recordings into one file at once, each replacing a one-line literal with one line:
  /// the file keeps every one, and each message says it was written where it is.
  ///
  /// Without the lock, two recordings read the same file and the later write drops the
  /// earlier one, whose message still says it was written.
  @Test func concurrentRecordingsIntoOneFileAreAllKept() throws {
    try withScratchFolder { folder in
      for round in 0..<4 {
        let path = folder.appendingPathComponent("LevelTests\(round).swift").path
        let count = 64
        let stale = testFile(count: count) { ["  stale \($0)"] }
        try Data(stale.text.utf8).write(to: URL(fileURLWithPath: path))
        let texts = (0..<count).map { "  fresh \($0)" }
        let messages = recordConcurrently(
          texts, replacing: texts.map { $0.replacingOccurrences(of: "fresh", with: "stale") },
          in: path, callLines: stale.callLines)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == testFile(count: count) { ["  fresh \($0)"] }.text)
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, message) in messages.enumerated() {
          // Each literal opens two lines after its call (`of: table,` between them).
          #expect(reportedLine(message) == stale.callLines[index] + 2, "\(message)")
          #expect(lines[stale.callLines[index] + 2] == "      fresh \(index)")
        }
      }
    }
  }

  /// Recordings into empty literals, made at once, each adding two lines: every one finds its
  /// literal where the recordings above it moved it, and the file ends with all of them.
  @Test func concurrentRecordingsFindLiteralsMovedByEarlierOnes() throws {
    try withScratchFolder { folder in
      let path = folder.appendingPathComponent("LevelTests.swift").path
      let count = 32
      let empty = testFile(count: count) { _ in [] }
      try Data(empty.text.utf8).write(to: URL(fileURLWithPath: path))
      let texts = (0..<count).map { "  row \($0)\n  \\ \"\"\" \($0)" }
      let messages = recordConcurrently(
        texts, replacing: Array(repeating: "", count: count), in: path,
        callLines: empty.callLines)
      let recorded = testFile(count: count) { [#"  row \#($0)"#, #"  \\ \""" \#($0)"#] }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == recorded.text)
      for (index, message) in messages.enumerated() {
        // Written when some of the literals above it were already filled (two lines each):
        // never before its own line as compiled, never past where it ends up.
        let line = try #require(reportedLine(message), "\(message)")
        let moved = line - (empty.callLines[index] + 2)
        #expect(moved >= 0 && moved <= 2 * index && moved % 2 == 0, "\(message)")
      }
    }
  }
}
