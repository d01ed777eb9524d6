/// A string compared by its UTF-8 bytes: TableKit's one rule for when two strings name the same
/// thing.
///
/// Swift's `String ==` is canonical equivalence: `"caf\u{E9}" == "cafe\u{301}"`, and the KELVIN,
/// OHM and ANGSTROM signs equal `K`, `Ω` and `Å`. A URL, a file name and an ID are bytes, so
/// every identity in TableKit (an `ObjectID`, a `RouteURL`, a route's literal, a page name,
/// a group's value) is compared with this type's rule instead: two strings are the same when
/// their UTF-8 bytes are equal, and nothing is normalised. The routing article's "Identity"
/// section states the rule for users.
package struct ExactText: Hashable, Sendable {
  /// The string.
  package var text: String

  /// Wraps `text`.
  ///
  /// - Parameter text: Any string.
  package init(_ text: String) {
    self.text = text
  }

  /// Whether the two strings have the same UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - lhs: A string.
  ///   - rhs: Another.
  /// - Returns: `true` when the bytes are equal.
  package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    same(lhs.text, rhs.text)
  }

  /// Hashes the UTF-8 bytes and their count.
  ///
  /// - Parameter hasher: The hasher.
  package func hash(into hasher: inout Hasher) {
    Self.hash(text, into: &hasher)
  }

  /// Whether `lhs` and `rhs` have the same UTF-8 bytes: the generic comparison made for two
  /// `String`s, whose byte counts are known at once.
  ///
  /// Routing compares every URL it prints with the one it reads back (`RouteURL`'s `==`); the
  /// generic version, not specialised across modules, looked up type metadata for each pair.
  ///
  /// - Parameters:
  ///   - lhs: A string.
  ///   - rhs: Another.
  /// - Returns: `true` when the bytes are equal.
  package static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Whether `lhs` and `rhs` have the same UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - lhs: A string.
  ///   - rhs: Another.
  /// - Returns: `true` when the bytes are equal.
  package static func same(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
    lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Mixes `text`'s UTF-8 bytes and their count into `hasher`, so that two strings hash alike
  /// exactly when ``same(_:_:)`` holds.
  ///
  /// - Parameters:
  ///   - text: A string.
  ///   - hasher: The hasher.
  package static func hash(_ text: String, into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(text.utf8.count)
  }
}
