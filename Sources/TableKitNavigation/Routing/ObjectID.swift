import TableKit

/// The stable ID of a model object, as a URL names it.
///
/// An ID is any string. In a URL it is one segment, always spelled the same way
/// (``segment``): a non-empty ID made only of `A–Z a–z 0–9 - _` travels as it is (`bmw`);
/// any other ID, empty, or holding `/ ? # % +`, spaces or non-ASCII, travels as `~` followed by
/// the unpadded URL-safe Base64 of its UTF-8 (URL-safe Base64 without padding, RFC 4648 §5). Reading a segment back
/// (``init(segment:)``) is strict: it accepts only the spelling ``segment`` would print.
///
/// ```swift
/// ObjectID("bmw").segment          // "bmw"
/// ObjectID("Škoda").segment        // "~xaBrb2Rh"
/// try ObjectID(segment: "~xaBrb2Rh").rawValue   // "Škoda"
/// ```
///
/// Two IDs are equal when their UTF-8 bytes are (<doc:RoutingAndRestoration#Identity>), so that
/// equal IDs have one ``segment`` and different segments name different IDs: `"Zo\u{EB}"` and
/// `"Zoe\u{308}"` are two IDs, as they are two URLs, though Swift's `String ==` calls them equal.
public struct ObjectID: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The ID.
  public let rawValue: String

  /// Creates the ID `rawValue`.
  ///
  /// - Parameter rawValue: Any string.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The ID itself.
  public var description: String { rawValue }

  /// Whether the two IDs have the same UTF-8 bytes (not Swift's canonical equivalence).
  ///
  /// - Parameters:
  ///   - lhs: An ID.
  ///   - rhs: Another.
  /// - Returns: `true` when `lhs.segment == rhs.segment`.
  public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
    ExactText.same(lhs.rawValue, rhs.rawValue)
  }

  /// Hashes the ID's UTF-8 bytes, in agreement with `==`.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    ExactText.hash(rawValue, into: &hasher)
  }

  /// Whether the ID travels as it is: non-empty and made of `A–Z a–z 0–9 - _`.
  public var isPlain: Bool {
    !rawValue.isEmpty && rawValue.utf8.allSatisfy(Self.isPlainByte)
  }

  /// The ID as one URL segment: itself when ``isPlain``, else `~` and its Base64.
  public var segment: String {
    isPlain ? rawValue : "~" + Base64URL.encode(Array(rawValue.utf8))
  }

  /// Reads an ID from a decoded URL segment, accepting only the canonical spelling.
  ///
  /// - Parameter segment: A decoded segment.
  /// - Throws: ``ObjectIDError`` saying why the segment is not an ID's spelling.
  public init(segment: String) throws(ObjectIDError) {
    guard segment.utf8.first == UInt8(ascii: "~") else {
      guard !segment.isEmpty, segment.utf8.allSatisfy(Self.isPlainByte) else {
        throw .notAnID
      }
      self.init(segment)
      return
    }
    let bytes: [UInt8]
    do {
      bytes = try Base64URL.decode(String(segment.dropFirst()))
    } catch {
      throw .base64(error)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    let id = ObjectID(text)
    guard !id.isPlain else { throw .plainIDEncoded(text) }
    self = id
  }

  private static func isPlainByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}

/// Why a URL segment is not the spelling of an ``ObjectID``.
public enum ObjectIDError: Error, Hashable, Sendable {
  /// The segment neither is a plain ID (`A–Z a–z 0–9 - _`) nor starts with `~`.
  case notAnID
  /// The Base64 after `~` is not canonical (see ``Base64URLError``).
  case base64(Base64URLError)
  /// The Base64 decodes to bytes that are not UTF-8.
  case notUTF8
  /// The Base64 decodes to `id`, a plain ID, which is spelled as it is.
  case plainIDEncoded(String)
}

extension ObjectIDError: CustomStringConvertible {
  /// A sentence saying what is wrong.
  public var description: String {
    switch self {
    case .notAnID:
      return "an ID is A-Z a-z 0-9 - _ only, or \"~\" followed by Base64."
    case .base64(let error):
      return error.description
    case .notUTF8:
      return "the Base64 does not decode to UTF-8."
    case .plainIDEncoded(let id):
      return "the Base64 decodes to \(RoutingError.shown(id)), which is written plainly."
    }
  }
}
