/// The formats a table can be read from, and how the command line picks one.
///
/// `--from` names it. Otherwise a file's extension decides: `.csv` CSV, `.tsv` and `.tab` TSV,
/// `.json` JSON, `.jsonl`, `.ndjson` and `.jsonlines` JSON Lines. Standard input, and a file
/// with another extension, are guessed from their first bytes (after a byte order mark and
/// whitespace):
/// - `[` is JSON (an array of objects or of arrays);
/// - `{` is JSON Lines when the first line holds one complete value, otherwise a JSON document
///   (the `{"columns": …, "rows": …}` table spread over lines);
/// - anything else is TSV when the first line has more tabs than commas, otherwise CSV.
package enum InputFormat: String, CaseIterable, Sendable {
  /// Comma-separated values.
  case csv
  /// Tab-separated values.
  case tsv
  /// JSON: an array of objects or of arrays, or the table document with sections.
  case json
  /// JSON Lines: one object per line.
  case jsonl

  /// The format a file's extension names, or `nil` for another extension.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The format, or `nil`.
  package static func byExtension(of path: String) -> InputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "csv": return .csv
    case "tsv", "tab": return .tsv
    case "json": return .json
    case "jsonl", "ndjson", "jsonlines": return .jsonl
    default: return nil
    }
  }

  /// The format the first bytes of an input suggest, by the rule in the type's documentation.
  ///
  /// - Parameter bytes: The first bytes of the input (a few kilobytes are enough).
  /// - Returns: The format.
  package static func guess(from bytes: [UInt8]) -> InputFormat {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count,
      [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(
        bytes[index])
    {
      index += 1
    }
    guard index < bytes.count else { return .csv }
    switch bytes[index] {
    case UInt8(ascii: "["):
      return .json
    case UInt8(ascii: "{"):
      return firstLineClosesValue(bytes, from: index) ? .jsonl : .json
    default:
      var tabs = 0
      var commas = 0
      for byte in bytes[index...] {
        if byte == UInt8(ascii: "\n") { break }
        if byte == UInt8(ascii: "\t") { tabs += 1 }
        if byte == UInt8(ascii: ",") { commas += 1 }
      }
      return tabs > commas ? .tsv : .csv
    }
  }

  /// Whether the brackets opened at `start` all close before the line ends (or the bytes do).
  private static func firstLineClosesValue(_ bytes: [UInt8], from start: Int) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes[start...] {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return true }
      case UInt8(ascii: "\n"): return false
      default: break
      }
    }
    return true
  }
}
