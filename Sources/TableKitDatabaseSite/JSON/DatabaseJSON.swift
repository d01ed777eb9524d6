import TableKit
package import TableKitDatabase

/// JSON written byte by byte, deterministically, for the site's `.json` twins.
///
/// Values follow the site's contract (Datasette's shapes): an integer exactly, a real as
/// Python's `repr` digits (the infinities as `1e999` and `-1e999`, which read back as them), a
/// text as a string, a blob as `{"$base64": true, "encoded": "…"}`, `NULL` as `null`.
package struct DatabaseJSON {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty document.
  package init() {
    bytes.reserveCapacity(4096)
  }

  /// Appends raw JSON text (punctuation, keys already quoted).
  package mutating func raw(_ text: String) {
    bytes += text.utf8
  }

  /// Appends `"key":`.
  package mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Appends an integer.
  package mutating func integer(_ number: Int) {
    bytes += String(number).utf8
  }

  /// Appends a path, or `null`.
  package mutating func path(_ path: String?) {
    if let path { string(path) } else { raw("null") }
  }

  /// Appends `text` as a JSON string: `"` and `\` escaped, controls as `\uXXXX` (`\n`, `\r`,
  /// `\t` by name), everything else as its UTF-8.
  package mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += #"\""#.utf8
      case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
      case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
      case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
      case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
      case 0..<0x20, 0x7F:
        bytes += #"\u00"#.utf8
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends one value.
  package mutating func value(_ value: DatabaseValue) {
    switch value {
    case .integer(let number): bytes += String(number).utf8
    case .real(let number):
      if number.isInfinite {
        raw(number < 0 ? "-1e999" : "1e999")
      } else if number.isNaN {
        raw("null")
      } else {
        raw(DatabaseValue.realText(number))
      }
    case .text(let text): string(text)
    // JSON holds Unicode text only: the bytes decoded with U+FFFD, as Datasette shows them.
    case .invalidText(let bytes): string(String(decoding: bytes, as: UTF8.self))
    case .blob(let blob):
      raw(#"{"$base64":true,"encoded":"#)
      string(Self.base64(blob))
      raw("}")
    case .null: raw("null")
    }
  }

  /// The key a list's rows link their row page's twin with: `$row`, or, when a column has that
  /// name, `$row` with more `$` before it until no column has it (the list's `row_key` says
  /// which), so the link never hides a column's value.
  ///
  /// - Parameter columns: The list's columns.
  /// - Returns: The key.
  package static func rowKey(avoiding columns: [String]) -> String {
    var key = "$row"
    while columns.contains(where: { ExactText.same($0, key) }) { key = "$" + key }
    return key
  }

  /// Appends a row: an object of `columns` to `values`, then, when `rowPath` is given, the key
  /// `rowKey` with it.
  package mutating func row(
    columns: [String], values: [DatabaseValue], rowPath: String? = nil, rowKey: String = "$row"
  ) {
    raw("{")
    for (index, column) in columns.enumerated() {
      if index > 0 { raw(",") }
      key(column)
      value(index < values.count ? values[index] : .null)
    }
    if let rowPath {
      if !columns.isEmpty { raw(",") }
      key(rowKey)
      string(rowPath)
    }
    raw("}")
  }

  /// `bytes` in standard Base64 with padding (RFC 4648 §4).
  package static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let first = bytes[index]
      let second = index + 1 < bytes.count ? bytes[index + 1] : 0
      let third = index + 2 < bytes.count ? bytes[index + 2] : 0
      output.append(alphabet[Int(first >> 2)])
      output.append(alphabet[Int((first & 0x3) << 4 | second >> 4)])
      output.append(
        index + 1 < bytes.count
          ? alphabet[Int((second & 0xF) << 2 | third >> 6)] : UInt8(ascii: "="))
      output.append(index + 2 < bytes.count ? alphabet[Int(third & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
