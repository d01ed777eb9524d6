import TableKit
public import TableKitFiles

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Pages kept in a folder the app names, bounded in bytes, least recently used first out.
///
/// ```swift
/// let cache = PageCache(folder: "/var/cache/news/pages", maxBytes: 4 << 20)
/// try cache.store(page)
/// let again = cache.page(forKey: page.key)  // the same page, or nil
/// ```
///
/// ## On the disk
///
/// Each page is one file, `<hash of the key>.page`, written through `SafeWrite.file(at:_:)`:
/// a new entry replaces the old one with one `rename(2)`, so a reader, another model, another
/// process or the disk after a crash sees a whole entry or none, never a torn one. Each entry
/// checks itself: a header with a format version, the lengths of its parts and a checksum of
/// them, then the key it was stored under. An entry that is truncated, corrupt, of another
/// version or stored under another key is a miss (and is removed), never a crash or wrong rows.
///
/// The cache stays in its folder. An entry is opened without following a link (`O_NOFOLLOW`)
/// and without blocking (`O_NONBLOCK`) and must be a regular file (checked with `fstat(2)`): a
/// symbolic link, a FIFO or anything else in an entry's place is a miss and is removed, never
/// followed, read or waited on, and a store replaces it instead of writing through it.
///
/// ## The bound
///
/// After every store, the entries' sizes are added up and, while they exceed ``maxBytes``,
/// the least recently used entry is removed. "Used" is the entry file's modification time,
/// which the cache sets from its clock when it stores or reads an entry, so the bookkeeping
/// lives in the file system itself: there is no index to tear, and two models or two
/// processes sharing the folder each see the other's entries and uses. A page larger than the
/// bound is not stored. A temporary that a killed writer left behind (the safe write's hidden
/// `.NAME.tablekit-XXXXXX`, never read as an entry) is removed by the next store once it is an
/// hour old.
///
/// The cache holds no state in memory, so it is a `Sendable` value: copies, tasks and other
/// processes may use the same folder at once. A file vanishing under one of them (another one
/// evicted it) is a miss, never an error.
public struct PageCache: Sendable {
  /// The folder that holds the entries; created on the first store.
  public let folder: String
  /// The bound on the entries' total size, in bytes.
  public let maxBytes: Int
  /// The time stamped on an entry when it is stored or used.
  let clock: @Sendable () -> Date

  /// Creates a cache in `folder`.
  ///
  /// - Parameters:
  ///   - folder: The folder to keep the pages in; it is created, with its parents, when a page
  ///     is first stored.
  ///   - maxBytes: The bound on the entries' total size; 4 MiB by default. Values below 0
  ///     count as 0, which stores nothing.
  ///   - clock: The time to stamp on stored and used entries; the system's by default (tests
  ///     inject one to order uses exactly).
  public init(
    folder: String, maxBytes: Int = 4 << 20, clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.folder = folder
    self.maxBytes = max(0, maxBytes)
    self.clock = clock
  }

  /// The page stored under `key`, or `nil` when there is none or its entry is damaged; a page
  /// found counts as used.
  ///
  /// - Parameter key: The key the page was stored under.
  /// - Returns: The stored page, whole and checked, or `nil`.
  public func page(forKey key: String) -> CachedPage? {
    let path = self.path(forKey: key)
    guard let bytes = Self.readFile(path, limit: max(maxBytes, Entry.headerLength)) else {
      return nil
    }
    guard let page = Entry.decode(bytes) else {
      // Damaged: a miss, and out of the way. (A whole entry replaced it meanwhile only if
      // another writer renamed one in after our read; removing that one is a miss too.)
      Self.remove(path)
      return nil
    }
    // Another key with the same hash: a miss, left for its owner.
    guard page.key == key else { return nil }
    Self.stamp(path, clock())
    return page
  }

  /// Stores `page` under its key, replacing what was stored there, then evicts the least
  /// recently used entries beyond ``maxBytes``.
  ///
  /// - Parameter page: The page to store; one larger than ``maxBytes`` is not stored.
  /// - Throws: `SafeWriteError` when the folder cannot be made or the entry cannot be
  ///   written; the entry stored before, if any, is then unchanged.
  public func store(_ page: CachedPage) throws(SafeWriteError) {
    let bytes = Entry.encode(page)
    guard bytes.count <= maxBytes else { return }
    do throws(Errno) {
      try Self.makeFolders(folder)
    } catch {
      throw SafeWriteError(path: folder, operation: .makeDirectory, code: error.code)
    }
    let path = self.path(forKey: page.key)
    // A link or FIFO in the entry's place is replaced, never followed or written through.
    let write = { (file: inout StagedFile) throws(SafeWriteError) in
      try file.write(contentsOf: bytes)
    }
    try SafeWrite.file(at: path, followsLinks: false, failure: { $0 }, write)
    Self.stamp(path, clock())
    evict(keeping: path)
  }

  /// Removes the page stored under `key`, if any.
  ///
  /// - Parameter key: The key the page was stored under.
  public func removePage(forKey key: String) {
    Self.remove(path(forKey: key))
  }

  /// The entries' total size in bytes, as the folder holds them now.
  public var byteCount: Int {
    entries().reduce(0) { $0 + $1.size }
  }

  /// The path of the entry of `key`: the folder, then the key's 64-bit FNV-1a hash in hex.
  ///
  /// - Parameter key: A cache key.
  /// - Returns: The entry's path, whether it exists or not.
  public func path(forKey key: String) -> String {
    let hash = Entry.checksum(Array(key.utf8))
    let hex = String(hash, radix: 16)
    let name = String(repeating: "0", count: 16 - hex.count) + hex + Self.suffix
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  // MARK: Use and eviction

  /// The suffix of entry files; anything else in the folder (the safe write's hidden
  /// temporaries among them) is left alone.
  static let suffix = ".page"

  /// An entry file, its size and its last use.
  struct EntryFile {
    var path: String
    var size: Int
    var used: Date
  }

  /// The entry files in the folder now; files that vanish while they are listed are left out.
  func entries() -> [EntryFile] {
    Self.entryNames(in: folder).compactMap { name in
      Self.entryFile(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
  }

  /// How old a temporary must be before it counts as abandoned by a killed writer, in seconds:
  /// a live writer finishes a page in far less.
  static let abandonedAfter: Double = 3_600

  /// Removes the temporaries a killed writer left, once they are older than
  /// ``abandonedAfter`` by the file system's clock, so they cannot pile up outside the bound.
  private func removeAbandonedTemporaries() {
    let now = Date()
    for name in Self.temporaryNames(in: folder) {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      guard let file = Self.entryFile(path),
        now.timeIntervalSince(file.used) > Self.abandonedAfter
      else { continue }
      Self.remove(path)
    }
  }

  /// Removes the least recently used entries, other than `kept`, while the total exceeds
  /// ``maxBytes``; ties go by path, so every process picks the same victim.
  private func evict(keeping kept: String) {
    removeAbandonedTemporaries()
    var entries = entries()
    var total = entries.reduce(0) { $0 + $1.size }
    guard total > maxBytes else { return }
    entries.sort { ($0.used, $0.path) < ($1.used, $1.path) }
    for entry in entries where total > maxBytes && entry.path != kept {
      Self.remove(entry.path)
      total -= entry.size
    }
  }
}
