import Foundation
import TableKit
import TableKitFiles
import TableKitModels
import Testing

/// The page cache on its own: entries, the byte bound, damaged entries.
@Suite struct PageCacheTests {
  func page(_ key: String, bytes: Int, clock: TestClock) -> CachedPage {
    CachedPage(
      key: key, body: Array(repeating: UInt8(ascii: "x"), count: bytes),
      freshness: PageFreshness(responseTime: clock.now, lifetime: 60), entityTag: "\"\(key)\"")
  }

  @Test func aStoredPageComesBackWhole() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder + "/nested/pages", clock: clock.closure)
      let stored = page("a", bytes: 100, clock: clock)
      try cache.store(stored)
      #expect(cache.page(forKey: "a") == stored)
      #expect(cache.page(forKey: "b") == nil)
    }
  }

  @Test func aFolderThatCannotBeMadeIsReportedWithTheSystemsCode() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
      let cache = PageCache(folder: folder + "/file/pages", clock: clock.closure)
      #expect(
        throws: SafeWriteError(
          path: folder + "/file/pages", operation: .makeDirectory, code: ENOTDIR)
      ) {
        try cache.store(page("a", bytes: 10, clock: clock))
      }
    }
  }

  @Test func theLeastRecentlyUsedEntryGoesFirstAtTheByteBound() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let probe = PageCache(folder: folder + "/probe", clock: clock.closure)
      try probe.store(page("a", bytes: 1_000, clock: clock))
      let entrySize = probe.byteCount
      #expect(entrySize > 1_000)
      // Room for two entries, not three.
      let cache = PageCache(
        folder: folder + "/lru", maxBytes: 2 * entrySize + 10, clock: clock.closure)
      try cache.store(page("a", bytes: 1_000, clock: clock))
      clock.advance(by: 1)
      try cache.store(page("b", bytes: 1_000, clock: clock))
      clock.advance(by: 1)
      #expect(cache.page(forKey: "a") != nil)  // a is now the most recently used
      clock.advance(by: 1)
      try cache.store(page("c", bytes: 1_000, clock: clock))
      #expect(cache.page(forKey: "b") == nil)
      #expect(cache.page(forKey: "a") != nil)
      #expect(cache.page(forKey: "c") != nil)
      #expect(cache.byteCount == 2 * entrySize)
      #expect(cache.byteCount <= cache.maxBytes)
    }
  }

  @Test func aPageLargerThanTheBoundIsNotStored() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, maxBytes: 500, clock: clock.closure)
      try cache.store(page("small", bytes: 10, clock: clock))
      try cache.store(page("big", bytes: 1_000, clock: clock))
      #expect(cache.page(forKey: "big") == nil)
      #expect(cache.page(forKey: "small") != nil)
    }
  }

  /// Damage done to a stored entry's bytes.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case truncatedBody, truncatedHeader, empty, flippedBodyByte, flippedDescriptionByte,
      newerVersion, appendedByte, lengthPastTheEnd

    var testDescription: String { rawValue }

    func apply(to bytes: inout [UInt8]) {
      switch self {
      case .truncatedBody: bytes.removeLast(7)
      case .truncatedHeader: bytes = Array(bytes.prefix(20))
      case .empty: bytes = []
      case .flippedBodyByte: bytes[bytes.count - 3] ^= 0x20
      case .flippedDescriptionByte: bytes[30] ^= 0x01
      case .newerVersion: bytes[4] = 2
      case .appendedByte: bytes.append(0x5d)
      case .lengthPastTheEnd: bytes[12] &+= 1
      }
    }
  }

  @Test(arguments: Damage.allCases)
  func aDamagedEntryIsAMissAndIsRemoved(_ damage: Damage) async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, clock: clock.closure)
      let stored = CachedPage(
        key: "k", body: Array(#"[{"id": 1, "title": "One"}]"#.utf8),
        freshness: PageFreshness(responseTime: clock.now, lifetime: 60))
      try cache.store(stored)
      let path = cache.path(forKey: "k")
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      damage.apply(to: &bytes)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(cache.page(forKey: "k") == nil)
      #expect(!FileManager.default.fileExists(atPath: path))
      // And it is stored again afterwards.
      try cache.store(stored)
      #expect(cache.page(forKey: "k") == stored)
    }
  }

  @Test func aKilledWritersTemporaryIsRemovedOnceAnHourOld() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, clock: clock.closure)
      try cache.store(page("a", bytes: 10, clock: clock))
      let entry = URL(fileURLWithPath: cache.path(forKey: "a")).lastPathComponent
      let old = folder + "/." + entry + ".tablekit-AbC123"
      let young = folder + "/." + entry + ".tablekit-XyZ789"
      let unrelated = folder + "/.notes.tablekit-AbC123"
      for path in [old, young, unrelated] {
        #expect(FileManager.default.createFile(atPath: path, contents: Data("torn".utf8)))
      }
      let twoHoursAgo = Date().addingTimeInterval(-7_200)
      for path in [old, unrelated] {
        try FileManager.default.setAttributes(
          [.modificationDate: twoHoursAgo], ofItemAtPath: path)
      }
      try cache.store(page("b", bytes: 10, clock: clock))
      #expect(!FileManager.default.fileExists(atPath: old))
      #expect(FileManager.default.fileExists(atPath: young))
      #expect(FileManager.default.fileExists(atPath: unrelated))
      #expect(cache.page(forKey: "a") != nil)
    }
  }

  @Test func anEntryOfAnotherKeyWithTheSameFileIsAMiss() async throws {
    try await withCacheFolder { folder in
      let clock = TestClock()
      let cache = PageCache(folder: folder, clock: clock.closure)
      try cache.store(page("a", bytes: 10, clock: clock))
      // Put a's entry where b's would be, as a hash collision would.
      try FileManager.default.moveItem(
        atPath: cache.path(forKey: "a"), toPath: cache.path(forKey: "b"))
      #expect(cache.page(forKey: "b") == nil)
    }
  }

  @Test func freshnessFollowsRFC9111Age() {
    let arrived = Date(timeIntervalSince1970: 1_000)
    let freshness = PageFreshness(responseTime: arrived, initialAge: 10, lifetime: 60)
    #expect(freshness.age(at: arrived.addingTimeInterval(5)) == 15)
    #expect(freshness.isFresh(at: arrived.addingTimeInterval(49.9)))
    #expect(!freshness.isFresh(at: arrived.addingTimeInterval(50)))
    #expect(freshness.expiry == arrived.addingTimeInterval(50))
    #expect(!PageFreshness(responseTime: arrived, lifetime: 0).isFresh(at: arrived))
    #expect(PageFreshness(responseTime: arrived, initialAge: -5, lifetime: .nan).lifetime == 0)
  }
}
