import TableKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PageCache {
  /// The format of an entry file: a fixed header, then the page's description as JSON, then
  /// its body.
  ///
  /// ```text
  /// offset  size  field
  ///      0     4  magic "TKPC"
  ///      4     4  format version, little-endian (1)
  ///      8     4  length M of the description, little-endian
  ///     12     8  length B of the body, little-endian
  ///     20     8  FNV-1a 64 checksum of the description and the body, little-endian
  ///     28     M  description: key, freshness, validators (JSON)
  ///   28+M     B  body
  /// ```
  ///
  /// Decoding checks every field: a file shorter or longer than its header says, a checksum
  /// that does not match, a version it does not know or a description that does not decode is
  /// no page at all.
  enum Entry {
    static let magic: [UInt8] = Array("TKPC".utf8)
    static let version: UInt32 = 1
    static let headerLength = 28

    /// The description of a page: everything but its body.
    struct Description: Codable {
      var key: String
      var freshness: PageFreshness
      var entityTag: String?
      var lastModified: String?
    }

    /// The bytes of `page`'s entry file.
    static func encode(_ page: CachedPage) -> [UInt8] {
      let description = Description(
        key: page.key, freshness: page.freshness, entityTag: page.entityTag,
        lastModified: page.lastModified)
      let json = (try? JSONEncoder().encode(description)).map { [UInt8]($0) } ?? []
      var bytes = magic
      bytes.reserveCapacity(headerLength + json.count + page.body.count)
      append(UInt64(version), width: 4, to: &bytes)
      append(UInt64(json.count), width: 4, to: &bytes)
      append(UInt64(page.body.count), width: 8, to: &bytes)
      append(checksum(json, page.body), width: 8, to: &bytes)
      bytes += json
      bytes += page.body
      return bytes
    }

    /// The page in `bytes`, or `nil` when they are not a whole, intact entry of this version.
    static func decode(_ bytes: [UInt8]) -> CachedPage? {
      guard bytes.count >= headerLength, bytes.starts(with: magic),
        read(bytes, at: 4, width: 4) == UInt64(version)
      else { return nil }
      let jsonLength = read(bytes, at: 8, width: 4)
      let bodyLength = read(bytes, at: 12, width: 8)
      let (partsLength, overflow) = jsonLength.addingReportingOverflow(bodyLength)
      guard !overflow, UInt64(bytes.count - headerLength) == partsLength else { return nil }
      let jsonEnd = headerLength + Int(jsonLength)
      let json = bytes[headerLength..<jsonEnd]
      let body = bytes[jsonEnd...]
      guard read(bytes, at: 20, width: 8) == checksum(json, body),
        let description = try? JSONDecoder().decode(Description.self, from: Data(json))
      else { return nil }
      return CachedPage(
        key: description.key, body: Array(body), freshness: description.freshness,
        entityTag: description.entityTag, lastModified: description.lastModified)
    }

    /// The 64-bit FNV-1a hash of the parts, one after the other.
    static func checksum(
      _ first: some Collection<UInt8>, _ second: some Collection<UInt8> = EmptyCollection()
    ) -> UInt64 {
      var hash = StableHash()
      hash.combine(first)
      hash.combine(second)
      return hash.value
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
      for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    private static func read(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * index) }
      return value
    }
  }
}
