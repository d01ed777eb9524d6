/// SQL identifiers written safely: a name is always quoted, never written into SQL raw.
package enum SQLIdentifier {
  /// `name` as a quoted identifier: in double quotes, each `"` doubled (SQL's rule), so any
  /// name (quotes, `../`, control characters, hundreds of bytes) stays one name.
  ///
  /// - Parameter name: The name.
  /// - Returns: The quoted identifier.
  package static func quoted(_ name: String) -> String {
    var text = "\""
    text.reserveCapacity(name.utf8.count + 2)
    // By scalar, not by character: a quote followed by a combining mark is one character
    // but still a quote to SQL.
    for scalar in name.unicodeScalars {
      text.unicodeScalars.append(scalar)
      if scalar == "\"" { text.unicodeScalars.append(scalar) }
    }
    text.append("\"")
    return text
  }

  /// `names` quoted, joined with commas.
  package static func list(_ names: [String]) -> String {
    names.map(quoted).joined(separator: ", ")
  }
}
