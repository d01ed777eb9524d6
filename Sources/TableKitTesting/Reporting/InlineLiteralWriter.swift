import Foundation
import TableKit
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces the multi-line string literal that follows a call in a Swift source file.
///
/// Record mode uses it to write an actual text where the test expected another. It edits only a
/// literal it can recognise: the first `"""` (or `#"""`) that opens at the end of a line, at or
/// after the call's line, whose content is exactly the expected text the call was given. So a
/// file changed since the test was compiled is left alone and the failure says so; record again
/// to write it.
///
/// Tests run in parallel, so several recordings can edit one file at once. Each edit happens
/// under one lock for the process (and an advisory lock on the file's folder, for other
/// processes): it reads the file as the edits before it left it, finds its literal where those
/// edits moved it (the call's line, as compiled, plus the lines the recordings above it added),
/// and writes the whole file before the next edit reads it. No recording overwrites another.
package struct InlineLiteralWriter {
  /// Why a literal could not be written.
  package enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source file could not be read or written.
    case unreadable(path: String)
    /// No multi-line literal opens within a few lines after the call.
    case noLiteral(path: String, line: Int)
    /// The literal found does not hold the text the call was given.
    case changed(path: String, line: Int)
    /// The text cannot be written in a raw literal (it holds its closing delimiter).
    case unwritable(path: String, line: Int)

    package var description: String {
      switch self {
      case .unreadable(let path):
        "could not read or write \(path)"
      case .noLiteral(let path, let line):
        "no multi-line string literal (\"\"\") opens within 8 lines after \(path):\(line)"
      case .changed(let path, let line):
        "the literal at \(path):\(line) no longer holds the expected text (the file changed "
          + "since the test was built; record again)"
      case .unwritable(let path, let line):
        "the text holds the raw literal's closing delimiter; the literal at \(path):\(line) "
          + "was left as it was"
      }
    }
  }

  /// One literal this process rewrote: where it opened in the file as compiled, and how many
  /// lines longer it became (negative when shorter).
  private struct Edit: Sendable {
    /// The opening delimiter's line index (from 0) in the file as compiled.
    var compiledLine: Int
    /// The lines the rewrite added.
    var addedLines: Int
  }

  /// The edits made so far in this process, by file path; its lock is held across each edit.
  private static let edits = Locked<[String: [Edit]]>([:])

  /// How many lines after the call the opening delimiter may be.
  private static let searchWindow = 8

  /// Writes `text` into the literal after `line` of `path` that holds `expected`.
  ///
  /// `line` is the call's line in the file as compiled; the literal is looked for where the
  /// earlier recordings of this process moved it. Concurrent calls are made one after the other.
  ///
  /// - Parameters:
  ///   - path: The source file.
  ///   - line: The call's line, from 1, in the file as the test was compiled.
  ///   - expected: The text the literal holds.
  ///   - text: The text to write in its place.
  /// - Returns: The line of the opening delimiter in the file as this call left it.
  /// - Throws: ``Refusal`` when the literal cannot be found, does not hold `expected`, or the file
  ///   cannot be read or written; the file is then unchanged.
  package static func replaceLiteral(
    in path: String, afterLine line: Int, expected: String, with text: String
  ) throws(Refusal) -> Int {
    let result = edits.withLock { edits -> Result<Int, Refusal> in
      let folder = lockFolder(of: path)
      defer { unlockFolder(folder) }
      let start = max(line - 1, 0)
      let moved = edits[path, default: []].reduce(0) {
        $0 + ($1.compiledLine < start ? $1.addedLines : 0)
      }
      do throws(Refusal) {
        let (open, added) = try replace(
          in: path, from: start + moved, expected: expected, with: text, callLine: line)
        edits[path, default: []].append(Edit(compiledLine: open - moved, addedLines: added))
        return .success(open + 1)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Takes an advisory lock on the folder of `path`, which an atomic write (a rename into the
  /// folder) leaves in place; returns its descriptor, or `-1` when it cannot be opened.
  private static func lockFolder(of path: String) -> Int32 {
    let folder = (path as NSString).deletingLastPathComponent
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
    return descriptor
  }

  /// Releases and closes a lock from ``lockFolder(of:)``.
  private static func unlockFolder(_ descriptor: Int32) {
    guard descriptor >= 0 else { return }
    _ = flock(descriptor, LOCK_UN)
    _ = close(descriptor)
  }

  /// Rewrites the literal opening within ``searchWindow`` lines from line index `start`.
  ///
  /// - Returns: The opening delimiter's line index and the lines the rewrite added.
  private static func replace(
    in path: String, from start: Int, expected: String, with text: String, callLine line: Int
  ) throws(Refusal) -> (open: Int, added: Int) {
    guard let data = FileManager.default.contents(atPath: path),
      let source = String(data: data, encoding: .utf8)
    else { throw .unreadable(path: path) }
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard
      let open = (start..<min(start + searchWindow, lines.count)).first(where: {
        opening(lines[$0]) != nil
      }), let hashes = opening(lines[open])
    else { throw .noLiteral(path: path, line: line) }
    let closing = String(repeating: "#", count: hashes)
    guard
      let close = (open + 1..<lines.count).first(where: {
        lines[$0].drop { $0 == " " || $0 == "\t" }.hasPrefix("\"\"\"" + closing)
      })
    else { throw .noLiteral(path: path, line: line) }
    let indentation = String(lines[close].prefix { $0 == " " || $0 == "\t" })
    let current = lines[open + 1..<close].map {
      $0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : $0
    }
    var old = expected
    if old.hasSuffix("\n") { old.removeLast() }
    guard current == literalLines(old, hashes: hashes) else {
      throw .changed(path: path, line: open + 1)
    }
    guard hashes == 0 || !text.contains("\"\"\"" + closing) else {
      throw .unwritable(path: path, line: open + 1)
    }
    let written = literalLines(text, hashes: hashes).map { $0.isEmpty ? "" : indentation + $0 }
    lines.replaceSubrange(open + 1..<close, with: written)
    do {
      try Data(lines.joined(separator: "\n").utf8).write(
        to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .unreadable(path: path)
    }
    return (open, written.count - (close - open - 1))
  }

  /// The number of `#` of a line that ends by opening a multi-line literal, or `nil`.
  private static func opening(_ line: String) -> Int? {
    var trimmed = Substring(line)
    while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
    guard trimmed.hasSuffix("\"\"\"") else { return nil }
    let before = trimmed.dropLast(3)
    let hashes = before.reversed().prefix { $0 == "#" }.count
    // `"""` closing a literal on the same line is preceded by text, not by `(`, `,`, `=` or a
    // space; an opening one follows one of those.
    let previous = before.dropLast(hashes).last
    guard
      previous == nil || previous == " " || previous == "(" || previous == "," || previous == ":"
    else { return nil }
    return hashes
  }

  /// `text` as the lines of a literal's body, escaped unless the literal is raw.
  private static func literalLines(_ text: String, hashes: Int) -> [String] {
    guard !text.isEmpty else { return [] }
    var body = text
    if hashes == 0 {
      body = body.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
    }
    return body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
