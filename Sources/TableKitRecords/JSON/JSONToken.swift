/// One token of JSON: punctuation, a string, a number or a literal.
package enum JSONToken: Hashable, Sendable {
  /// `{`
  case beginObject
  /// `}`
  case endObject
  /// `[`
  case beginArray
  /// `]`
  case endArray
  /// `,`
  case comma
  /// `:`
  case colon
  /// A string, its escapes decoded.
  case string(String)
  /// A number, its text kept as written.
  case number(JSONNumber)
  /// `true` or `false`.
  case boolean(Bool)
  /// `null`
  case null
  /// The input ended (only when the whole input has been given).
  case endOfInput
  /// The bytes given so far end inside this token: append more and ask again (only while the
  /// input is not complete).
  case needsMoreInput

  /// How a message names the token where something else was expected.
  var description: String {
    switch self {
    case .beginObject: "an object"
    case .endObject: "`}`"
    case .beginArray: "an array"
    case .endArray: "`]`"
    case .comma: "`,`"
    case .colon: "`:`"
    case .string(let text): "the string \(JSONText.quoted(text))"
    case .number(let number): "the number \(number.text)"
    case .boolean(let flag): flag ? "true" : "false"
    case .null: "null"
    case .endOfInput, .needsMoreInput: "the end of the file"
    }
  }
}
