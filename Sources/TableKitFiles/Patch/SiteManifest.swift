#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The list of the files a TableKit export wrote into a folder, each with the
/// ``InputFingerprint`` it was made from: the hidden file ``fileName`` beside
/// ``SafeWrite/writtenMarker``, read by the next export to learn what it may keep and what it
/// must remove.
///
/// The file is a version line, one line a file, and a closing line with the count:
///
/// ```text
/// tablekit-manifest 1
/// 0123456789abcdef0123456789abcdef index.html<NUL>
/// -------------------------------- sitemap.xml<NUL>
/// end 2
/// ```
///
/// Each file's line is the fingerprint as 32 lowercase hexadecimal digits (the high half
/// first; 32 `-` when the file was written without one), a space, the path's bytes relative to
/// the folder, a NUL and a line feed: a path may hold any byte but NUL, a line feed included.
/// A manifest that does not parse in every detail (another version, a bad digit, a path that
/// leaves the folder or names one of the export's own hidden files, a path listed twice, a
/// count that differs) is no manifest: ``init(parsing:)`` returns `nil`, and the folder is
/// written whole.
///
/// In memory the paths are kept in one byte buffer and each file in one 32-byte entry (a
/// 64-bit hash of the path, the fingerprint, the path's place in the buffer), grouped by hash
/// into about two entries a bucket (4 bytes a bucket): a lookup hashes the path and compares
/// the bytes of the entries whose hash matches. The hash is Swift's `Hasher`, seeded per
/// process, so paths chosen to collide cannot slow the lookups down.
package struct SiteManifest: Sendable {
  /// The manifest's name at the root of the folder.
  package static let fileName = ".tablekit-manifest"

  /// One file: 32 bytes.
  struct Entry: Sendable {
    /// The path's hash (``SiteManifest/hash(_:)``).
    var hash: UInt64
    /// The fingerprint's upper 64 bits.
    var high: UInt64
    /// The fingerprint's lower 64 bits.
    var low: UInt64
    /// Where the path starts in ``SiteManifest/paths``.
    var offset: UInt32
    /// The path's length, with ``unfingerprinted`` set for a file written without one.
    var lengthAndFlag: UInt32

    /// The flag of a file written without a fingerprint.
    static let unfingerprinted: UInt32 = 1 << 31

    /// The path's length in bytes.
    var length: Int { Int(lengthAndFlag & ~Self.unfingerprinted) }

    /// The fingerprint, or `nil` for a file written without one.
    var fingerprint: InputFingerprint? {
      lengthAndFlag & Self.unfingerprinted == 0 ? InputFingerprint(high: high, low: low) : nil
    }
  }

  /// Every path's bytes, one after the other.
  private(set) var paths: [UInt8]
  /// The files, grouped by bucket.
  var entries: [Entry]
  /// Where each bucket's entries start in ``entries``, and one more: the end.
  private let bucketStarts: [UInt32]
  /// The indices of ``entries`` grouped by the bucket of their fingerprint (a second table, so
  /// a page's files are found by what they were made from, without naming them), each in the
  /// low 32 bits beside the fingerprint's top 32 bits, so a look-up reads an entry only when
  /// those match.
  let fingerprintOrder: [UInt64]
  /// Where each fingerprint bucket starts in ``fingerprintOrder``, and one more: the end.
  let fingerprintStarts: [UInt32]

  /// How many files the manifest lists.
  package var count: Int { entries.count }

  /// Parses the bytes of a manifest file; `nil` when they are not one, in any detail.
  ///
  /// - Parameters:
  ///   - file: The file's bytes.
  ///   - chunkSize: How many bytes are parsed at a time (the reader's window).
  package init?(parsing file: [UInt8], chunkSize: Int = 1 << 20) {
    var offset = 0
    var chunks = Chunks(size: chunkSize) { buffer in
      let count = min(buffer.count, file.count - offset)
      file.withUnsafeBytes { bytes in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
      }
      offset += count
      return count
    }
    self.init(reading: &chunks, size: file.count, declaredCount: Self.declaredCount(file))
  }

  /// Parses a manifest from `chunks`, a file of `size` bytes whose closing line states
  /// `declaredCount` (made in storage of that size, when the size can hold it).
  init?(reading chunks: inout Chunks, size: Int, declaredCount: Int?) {
    var entries: [Entry] = []
    var paths: [UInt8] = []
    if let count = declaredCount, count <= size / 36 {
      entries.reserveCapacity(count)
      paths.reserveCapacity(max(0, size - Self.versionLine.count - 35 * count))
    }
    guard Self.parse(&chunks, into: &entries, paths: &paths) else { return nil }
    self.paths = paths
    let bucketCount = max(1, entries.count / 2)
    var starts = [UInt32](repeating: 0, count: bucketCount + 1)
    for entry in entries { starts[Self.bucket(of: entry.hash, among: bucketCount) + 1] += 1 }
    for index in 0..<bucketCount { starts[index + 1] += starts[index] }
    Self.group(&entries, byBucketsStartingAt: starts)
    self.entries = entries
    bucketStarts = starts
    (fingerprintOrder, fingerprintStarts) = Self.groupByFingerprint(self.entries)
    guard !hasDuplicates() else { return nil }
  }

  /// Puts `entries` in the order of their buckets, in place (each entry is swapped straight
  /// to the next free place of its bucket): the manifest of a large site is not held twice.
  private static func group(_ entries: inout [Entry], byBucketsStartingAt starts: [UInt32]) {
    let bucketCount = starts.count - 1
    var next = starts
    for bucket in 0..<bucketCount {
      while next[bucket] < starts[bucket + 1] {
        let place = Int(next[bucket])
        let home = Self.bucket(of: entries[place].hash, among: bucketCount)
        if home == bucket {
          next[bucket] += 1
        } else {
          entries.swapAt(place, Int(next[home]))
          next[home] += 1
        }
      }
    }
  }

  /// The count the closing line of `file` states, if it has one.
  private static func declaredCount(_ file: [UInt8]) -> Int? {
    file.suffix(16).withUnsafeBufferPointer(countInTail)
  }

  /// The count the closing line in `tail` (a file's last bytes) states, if it has one.
  static func countInTail(_ tail: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let lineFeed = tail.dropLast().lastIndex(of: UInt8(ascii: "\n")) else { return nil }
    return closingCount(UnsafeBufferPointer(rebasing: tail[(lineFeed + 1)...]))
  }

  /// The place of the file at `path` (its bytes) among ``entries``, or `nil` when the manifest
  /// does not list it.
  ///
  /// - Parameter path: A path relative to the folder, as bytes.
  /// - Returns: The entry's index.
  func index(of path: UnsafeRawBufferPointer) -> Int? {
    let hash = Self.hash(path)
    let bucket = Self.bucket(of: hash, among: bucketStarts.count - 1)
    return paths.withUnsafeBytes { all -> Int? in
      for index in Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1]) {
        let entry = entries[index]
        guard entry.hash == hash, entry.length == path.count else { continue }
        if Self.same(all, entry, path) { return index }
      }
      return nil
    }
  }

  /// The place of the file at `path` (its bytes) among ``entries``, or `nil`.
  func index(of path: [UInt8]) -> Int? {
    path.withUnsafeBytes { index(of: $0) }
  }

  /// The fingerprint the manifest lists for the file at `path`, or `nil` when it lists no
  /// such file or the file was written without one.
  ///
  /// - Parameter path: A path relative to the folder, such as `brands/volvo.html`.
  /// - Returns: The fingerprint.
  package func fingerprint(of path: String) -> InputFingerprint? {
    Self.withBytes(of: path) { bytes in index(of: bytes).flatMap { entries[$0].fingerprint } }
  }

  /// The path of the entry at `index`.
  func path(at index: Int) -> ArraySlice<UInt8> {
    let entry = entries[index]
    return paths[Int(entry.offset)..<Int(entry.offset) + entry.length]
  }

  /// The indices of ``entries`` in the order the file listed them.
  func indicesInFileOrder() -> [Int] {
    // Paths were packed in file order, so their offsets give it back.
    entries.indices.map { UInt64(entries[$0].offset) << 32 | UInt64($0) }.sorted().map {
      Int($0 & 0xFFFF_FFFF)
    }
  }

  /// Every file the manifest lists, in the file's order, each path carried as ``BytePath``
  /// does.
  package var files: [(path: String, fingerprint: InputFingerprint?)] {
    indicesInFileOrder().map { (BytePath.carried(path(at: $0)), entries[$0].fingerprint) }
  }

  /// Reads the manifest of the folder open at `folder`; `nil` when there is none, it cannot
  /// be read or it does not parse.
  ///
  /// - Parameter folder: An open folder.
  /// - Returns: The manifest.
  package static func read(in folder: Int32) -> SiteManifest? {
    guard
      let descriptor = try? SystemCalls.open(
        segment: Array(fileName.utf8), in: folder, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    else { return nil }
    let manifest = try? SystemCalls.closeAfter(descriptor) {
      () throws(Errno) -> SiteManifest? in
      let info = try SystemCalls.status(of: descriptor)
      guard info.st_mode & S_IFMT == S_IFREG, info.st_size < off_t(UInt32.max) else {
        return nil
      }
      let size = Int(info.st_size)
      var tail = [UInt8](repeating: 0, count: min(size, 16))
      let tailCount = tail.withUnsafeMutableBytes { bytes in
        try? SystemCalls.read(from: descriptor, into: bytes, at: size - bytes.count)
      }
      let declared = tail.prefix(tailCount ?? 0).withUnsafeBufferPointer(countInTail)
      var chunks = Chunks(size: 1 << 20) { buffer in
        try? SystemCalls.read(from: descriptor, into: buffer)
      }
      return SiteManifest(reading: &chunks, size: size, declaredCount: declared)
    }
    return manifest ?? nil
  }

  /// The bytes of the regular file `name` in the open folder `folder` (no link followed); at
  /// most 4 GiB.
  static func readFile(_ name: [UInt8], in folder: Int32) throws(Errno) -> [UInt8] {
    let descriptor = try SystemCalls.open(
      segment: name, in: folder, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    return try SystemCalls.closeAfter(descriptor) { () throws(Errno) -> [UInt8] in
      let info = try SystemCalls.status(of: descriptor)
      guard info.st_mode & S_IFMT == S_IFREG, info.st_size < off_t(UInt32.max) else {
        throw Errno(EFBIG)
      }
      var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
      let read = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) -> Int in
          var filled = 0
          while filled < buffer.count {
            let count = try SystemCalls.read(
              from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
          }
          return filled
        }
      }
      let filled = try read.get()
      // A file that shrank meanwhile is read as it now is; one that grew will not parse.
      bytes.removeLast(bytes.count - filled)
      return bytes
    }
  }
}

extension SiteManifest {
  /// The manifest's first line.
  static let versionLine = Array("tablekit-manifest 1\n".utf8)

  /// The value of each hexadecimal digit (lowercase only), `0xFF` for any other byte.
  private static let digitValues: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    default: 0xFF
    }
  }

  /// Reads the lines of `chunks` into `entries`, their paths' bytes into `paths`; whether the
  /// bytes are a manifest, in every detail.
  private static func parse(
    _ chunks: inout Chunks, into entries: inout [Entry], paths: inout [UInt8]
  ) -> Bool {
    guard chunks.ensure(versionLine.count),
      chunks.withBytes(from: 0, count: versionLine.count, { $0.elementsEqual(versionLine) })
    else { return false }
    chunks.consume(versionLine.count)
    let closing = Array("end ".utf8)
    while true {
      // No file's line starts with `end ` (`n` is no digit): that is the closing line, and it
      // must be the rest of the file (at most 15 bytes).
      if chunks.ensure(closing.count),
        chunks.withBytes(from: 0, count: closing.count, { $0.elementsEqual(closing) })
      {
        guard !chunks.ensure(16), !chunks.failed,
          let count = chunks.withBytes(from: 0, count: chunks.available, closingCount)
        else { return false }
        return count == entries.count
      }
      guard chunks.ensure(35),
        chunks.withBytes(from: 32, count: 1, { $0[0] }) == UInt8(ascii: " "),
        let (high, low) = chunks.withBytes(from: 0, count: 32, fingerprint),
        let nul = chunks.offset(of: 0, from: 33), chunks.ensure(nul + 2),
        chunks.withBytes(from: nul + 1, count: 1, { $0[0] }) == UInt8(ascii: "\n")
      else { return false }
      let length = nul - 33
      let offset = paths.count
      let hash = chunks.withBytes(from: 33, count: length) { path -> UInt64? in
        guard length < Int(Entry.unfingerprinted), isSitePath(path) else { return nil }
        paths.append(contentsOf: path)
        return Self.hash(UnsafeRawBufferPointer(path))
      }
      guard let hash, paths.count <= Int(UInt32.max) else { return false }
      let flag = high == nil ? Entry.unfingerprinted : 0
      entries.append(
        Entry(
          hash: hash, high: high ?? 0, low: low, offset: UInt32(offset),
          lengthAndFlag: UInt32(length) | flag))
      chunks.consume(nul + 2)
    }
  }

  /// The count of the closing line `end N\n` that `rest` is, or `nil` when it is not that line.
  static func closingCount(_ rest: UnsafeBufferPointer<UInt8>) -> Int? {
    let prefix = Array("end ".utf8)
    guard rest.count > prefix.count + 1, rest.starts(with: prefix),
      rest.last == UInt8(ascii: "\n")
    else { return nil }
    let digits = rest[prefix.count..<rest.count - 1]
    guard digits.count <= 10, digits.first != UInt8(ascii: "0") || digits.count == 1 else {
      return nil
    }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  /// The two halves of the 32 digits in `digits` (the high one `nil` for 32 `-`), or `nil`
  /// when they are neither.
  private static func fingerprint(
    _ digits: UnsafeBufferPointer<UInt8>
  ) -> (high: UInt64?, low: UInt64)? {
    if digits.allSatisfy({ $0 == UInt8(ascii: "-") }) { return (nil, 0) }
    var halves: (UInt64, UInt64) = (0, 0)
    for index in 0..<32 {
      let value = digitValues[Int(digits[index])]
      guard value != 0xFF else { return nil }
      if index < 16 {
        halves.0 = halves.0 << 4 | UInt64(value)
      } else {
        halves.1 = halves.1 << 4 | UInt64(value)
      }
    }
    return halves
  }

  /// Appends the line of the file at `path` (its bytes) to `buffer`.
  static func appendLine(
    _ path: UnsafeRawBufferPointer, fingerprint: InputFingerprint?, to buffer: inout [UInt8]
  ) {
    // 33 bytes written in place: this runs for every file of a site.
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: 32))
    buffer.append(UInt8(ascii: " "))
    if let fingerprint {
      buffer.withUnsafeMutableBufferPointer { bytes in
        func hexadecimal(_ half: UInt64, at place: Int) {
          for digit in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: half >> UInt64(60 - 4 * digit)) & 0xF
            // `0`-`9`, then `a`-`f` (0x61 is `a`, for nibble 10).
            bytes[place + digit] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
          }
        }
        hexadecimal(fingerprint.high, at: start)
        hexadecimal(fingerprint.low, at: start + 16)
      }
    }
    buffer.append(contentsOf: path)
    buffer.append(0)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// The closing line for `count` files.
  static func closingLine(count: Int) -> [UInt8] { Array("end \(count)\n".utf8) }

  /// Whether the entries hold one path twice.
  private func hasDuplicates() -> Bool {
    paths.withUnsafeBytes { all in
      for bucket in 0..<bucketStarts.count - 1 {
        let range = Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1])
        for first in range {
          for second in range where second > first {
            let (one, other) = (entries[first], entries[second])
            guard one.hash == other.hash, one.length == other.length else { continue }
            let path = UnsafeRawBufferPointer(
              rebasing: all[Int(other.offset)...].prefix(other.length))
            if Self.same(all, one, path) { return true }
          }
        }
      }
      return false
    }
  }

  /// Whether `entry`'s path in `all` is `path` (of the same length).
  private static func same(
    _ all: UnsafeRawBufferPointer, _ entry: Entry, _ path: UnsafeRawBufferPointer
  ) -> Bool {
    guard path.count > 0 else { return true }
    guard let start = all.baseAddress, let other = path.baseAddress else { return false }
    return memcmp(start + Int(entry.offset), other, path.count) == 0
  }

  /// The hash of a path's bytes, seeded per process.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return UInt64(UInt(bitPattern: hasher.finalize()))
  }

  /// The bucket of `hash` among `count` (the high bits of their product, so every bucket is
  /// as likely).
  static func bucket(of hash: UInt64, among count: Int) -> Int {
    Int(hash.multipliedFullWidth(by: UInt64(count)).high)
  }

  /// Whether the bytes `path` name a file the export wrote: a path inside the folder (not
  /// empty, no empty, `.` or `..` segment, no NUL) that is not one of the export's own hidden
  /// files at the root (``SafeWrite/writtenMarker`` and every `.tablekit-…` name).
  static func isSitePath(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !path.isEmpty else { return false }
    // One pass, no allocation: this runs for every file of a site.
    let (slash, dot) = (UInt8(ascii: "/"), UInt8(ascii: "."))
    var segmentStart = 0
    for index in 0...path.count {
      let byte = index < path.count ? path[index] : slash
      if byte == 0 { return false }
      guard byte == slash else { continue }
      let length = index - segmentStart
      if length == 0
        || (path[segmentStart] == dot
          && (length == 1 || (length == 2 && path[segmentStart + 1] == dot)))
      {
        return false
      }
      if segmentStart == 0 {
        let first = UnsafeBufferPointer(rebasing: path[0..<index])
        if first.starts(with: reservedPrefix) || first.elementsEqual(SafeWrite.writtenMarker.utf8) {
          return false
        }
      }
      segmentStart = index + 1
    }
    return true
  }

  /// The start of the names at the root that only the export's own files take.
  static let reservedPrefix = Array(".tablekit-".utf8)

  /// Runs `body` with the bytes of the carried path `path` (see ``BytePath``).
  static func withBytes<Result>(
    of path: String, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    var path = path
    // A carried byte is a scalar U+10FF80…U+10FFFF, whose UTF-8 starts with 0xF4.
    if !path.utf8.contains(0xF4) {
      return path.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    let bytes = BytePath.cString(path).dropLast().map { UInt8(bitPattern: $0) }
    return bytes.withUnsafeBytes(body)
  }
}
