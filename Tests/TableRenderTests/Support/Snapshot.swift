import Foundation
import Testing

/// Compares `actual` with a golden file kept beside the tests, or records it.
///
/// The golden file is `__Snapshots__/<TestFile>.<named>.<extension>` in the test target's folder
/// (the folder under `Tests/` that holds the calling file), for example
/// `Tests/TableRenderTests/__Snapshots__/MarkdownTableRendererTests.mixedTypes.md`. The
/// comparison is exact, byte for byte, line endings included.
///
/// On a mismatch the issue names the first differing line, shows both versions of it with
/// invisible characters spelled out, and writes the actual output to a temporary file so that
/// `diff -u` can show the rest. When the environment variable `TABLEKIT_RECORD_SNAPSHOTS` is `1`,
/// the golden file is (re)written instead, and an issue says so, so a recording run never passes
/// silently: check the new file by eye, then run the tests again without the variable.
///
/// ```swift
/// assertSnapshot(MarkdownTableRenderer().render(table), named: "mixedTypes", extension: "md")
/// ```
///
/// - Parameters:
///   - actual: The rendered output.
///   - named: The snapshot's name within the test file, such as `mixedTypes`.
///   - fileExtension: The golden file's extension, without the dot, such as `md` or `csv`.
///   - filePath: The calling test file; locates the snapshot folder.
///   - sourceLocation: Where a failure is reported.
func assertSnapshot(
  _ actual: String,
  named: String,
  extension fileExtension: String,
  filePath: StaticString = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let testFile = URL(fileURLWithPath: "\(filePath)")
  let testName = testFile.deletingPathExtension().lastPathComponent
  let fileName = "\(testName).\(named).\(fileExtension)"
  let golden = snapshotFolder(for: testFile).appendingPathComponent(fileName)
  let actualData = Data(actual.utf8)

  if ProcessInfo.processInfo.environment["TABLEKIT_RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(
        at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actualData.write(to: golden)
      Issue.record(
        """
        Recorded snapshot \(golden.path) (TABLEKIT_RECORD_SNAPSHOTS=1). Check it by eye, then run \
        the tests again without TABLEKIT_RECORD_SNAPSHOTS.
        """,
        sourceLocation: sourceLocation)
    } catch {
      Issue.record(
        "Could not record snapshot \(golden.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }

  guard let expectedData = try? Data(contentsOf: golden) else {
    Issue.record(
      """
      No snapshot at \(golden.path). Run the tests with TABLEKIT_RECORD_SNAPSHOTS=1 to record it, \
      then check it by eye.
      """,
      sourceLocation: sourceLocation)
    return
  }
  guard expectedData != actualData else { return }

  let expected = String(decoding: expectedData, as: UTF8.self)
  let actualCopy = FileManager.default.temporaryDirectory
    .appendingPathComponent("tablekit-snapshots", isDirectory: true)
    .appendingPathComponent(fileName)
  var diffHint = ""
  do {
    try FileManager.default.createDirectory(
      at: actualCopy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try actualData.write(to: actualCopy)
    diffHint = "\nSee the whole difference with: diff -u '\(golden.path)' '\(actualCopy.path)'"
  } catch {
    diffHint = "\n(Could not write the actual output to \(actualCopy.path): \(error))"
  }
  Issue.record(
    """
    Snapshot \(fileName) does not match \(golden.path).
    \(firstDifference(expected: expected, actual: actual))\(diffHint)
    If the change is intended, re-record with TABLEKIT_RECORD_SNAPSHOTS=1 and check the file.
    """,
    sourceLocation: sourceLocation)
}

/// The `__Snapshots__` folder of the test target that holds `testFile`: the folder directly
/// under `Tests/` on the file's path, or the file's own folder when there is none.
private func snapshotFolder(for testFile: URL) -> URL {
  var folder = testFile.deletingLastPathComponent()
  var candidate = folder
  while candidate.pathComponents.count > 1 {
    let parent = candidate.deletingLastPathComponent()
    if parent.lastPathComponent == "Tests" {
      folder = candidate
      break
    }
    candidate = parent
  }
  return folder.appendingPathComponent("__Snapshots__", isDirectory: true)
}

/// A description of the first line where `expected` and `actual` differ, with invisible
/// characters (line endings, tabs, controls) spelled out.
private func firstDifference(expected: String, actual: String) -> String {
  let expectedLines = lines(of: expected)
  let actualLines = lines(of: actual)
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let wanted = index < expectedLines.count ? expectedLines[index] : nil
    let found = index < actualLines.count ? actualLines[index] : nil
    var isSame = false
    if let wanted, let found { isSame = wanted.utf8.elementsEqual(found.utf8) }
    if !isSame {
      return """
        First difference at line \(index + 1):
          expected: \(wanted.map { String(reflecting: $0) } ?? "(end of file)")
          actual:   \(found.map { String(reflecting: $0) } ?? "(end of file)")
        """
    }
  }
  return "The files differ in their bytes but not in their lines."
}

/// `text` split after each LF, every line keeping its terminator so CRLF and LF stay distinct.
private func lines(of text: String) -> [Substring] {
  var result: [Substring] = []
  var start = text.startIndex
  var index = text.startIndex
  let scalars = text.unicodeScalars
  while index < scalars.endIndex {
    let next = scalars.index(after: index)
    if scalars[index] == "\n" {
      result.append(text[start..<next])
      start = next
    }
    index = next
  }
  if start < text.endIndex { result.append(text[start...]) }
  return result
}
