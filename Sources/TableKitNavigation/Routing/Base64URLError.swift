import TableKit

/// Why a string is not canonical unpadded URL-safe Base64, and where.
///
/// Offsets count bytes of the string's UTF-8 from 0.
public enum Base64URLError: Error, Hashable, Sendable {
  /// The string has `length` bytes, more than the decoder's `limit`; nothing was decoded.
  case tooLong(length: Int, limit: Int)
  /// `length % 4 == 1`: no payload encodes to a string of this length.
  case impossibleLength(Int)
  /// The byte at `offset` is `=`: the URL-safe form here is unpadded.
  case padding(offset: Int)
  /// The byte at `offset` is outside `A–Z a–z 0–9 - _`.
  case invalidCharacter(byte: UInt8, offset: Int)
  /// The last character, at `offset`, sets bits no payload byte uses, so the string is a second
  /// spelling of another payload.
  case nonZeroPadBits(offset: Int)
}

extension Base64URLError: CustomStringConvertible {
  /// A sentence naming the problem and its offset.
  public var description: String {
    switch self {
    case .tooLong(let length, let limit):
      return "Base64 text of \(length) bytes is longer than the limit of \(limit)."
    case .impossibleLength(let length):
      return "Base64 text of \(length) characters cannot encode anything (length % 4 == 1)."
    case .padding(let offset):
      return "Base64 text has \"=\" at offset \(offset); URL-safe IDs are unpadded."
    case .invalidCharacter(let byte, let offset):
      let shown = (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : ""
      let hex = String(byte, radix: 16, uppercase: true)
      return "Base64 text has the byte \(shown)\(shown.isEmpty ? "" : " ")0x\(hex) at offset "
        + "\(offset), outside the URL-safe alphabet A-Z a-z 0-9 - _."
    case .nonZeroPadBits(let offset):
      return "Base64 text is not canonical: the last character, at offset \(offset), sets bits "
        + "no byte uses."
    }
  }
}
