import TableKit

/// The type of a pattern's parameter, which decides the segments it matches.
///
/// In a pattern: `{name}` is ``string``, `{name:int}` is ``integer`` and `{name:id}` is ``id``.
/// The kinds take part in precedence, most particular first: a segment that is a canonical
/// integer goes to an `int` parameter before an `id` or a string one at the same place.
public enum RouteParameterKind: String, Hashable, Sendable, CaseIterable {
  /// A canonical decimal integer that fits `Int`: `0`, `42`, `-7`; never `007`, `+7` or `-0`.
  case integer = "int"
  /// An ``ObjectID`` segment: a plain ID (`A–Z a–z 0–9 - _`) or `~` and its Base64.
  case id
  /// Any segment, decoded.
  case string
}
