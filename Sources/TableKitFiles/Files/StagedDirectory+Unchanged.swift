#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A re-export writes only what changed: a file whose bytes equal the old site's file at the
/// same path is hard-linked from the old folder instead of written, so it keeps its inode and
/// modification time, and the swap stays the one atomic step it was.
extension StagedDirectory {
  /// How ``writeFile(_:contents:failure:)`` put a file into the staged folder.
  package enum Storage: Sendable, Equatable {
    /// Its bytes were written: the file is new, or its bytes changed, or linking failed.
    case written
    /// The old site's file at the same path held the same bytes and was hard-linked.
    case linked
  }

  /// How many files a fill stored by writing and by linking, counted as they are stored.
  package struct StoredFiles: Sendable {
    /// Files written: new, changed, or not linkable.
    package var written = 0
    /// Files linked unchanged from the replaced site.
    package var unchanged = 0

    /// No files yet.
    package init() {}

    /// Counts one file by how it was stored.
    ///
    /// - Parameter storage: What ``writeFile(_:contents:failure:)`` returned.
    package mutating func count(_ storage: Storage) {
      switch storage {
      case .written: written += 1
      case .linked: unchanged += 1
      }
    }
  }

  /// Stores `bytes` at `relativePath`, linking the old site's file when it holds them already.
  ///
  /// When the folder being replaced was written by TableKit (``previousPath``), its file at the
  /// same path is opened (no link followed on the way), compared by size and then by content,
  /// read once in 64 KiB chunks against `bytes`, and, when equal, hard-linked into the staged
  /// folder (`linkat(2)`). Any failure on that path (no such file, a different size or byte,
  /// `EXDEV`, `EPERM`, the name replaced meanwhile) falls back to writing the file, as
  /// ``writeFile(_:failure:_:)`` does; its errors are the ones reported.
  ///
  /// - Parameters:
  ///   - relativePath: Where the file goes inside the folder, such as `brands/volvo.html`.
  ///   - bytes: The file's content.
  ///   - fingerprint: What the file was made from, recorded in the folder's manifest.
  ///   - failure: Turns the safe write's error into the caller's.
  /// - Returns: Whether the file was written or linked.
  /// - Throws: What ``writeFile(_:failure:_:)`` throws, through `failure`.
  package func writeFile<Failure: Error>(
    _ relativePath: String, contents bytes: [UInt8], fingerprint: InputFingerprint? = nil,
    failure: (SafeWriteError) -> Failure
  ) throws(Failure) -> Storage {
    if linksUnchanged(relativePath, bytes) {
      manifest?.record(relativePath, fingerprint: fingerprint)
      return .linked
    }
    try writeFile(relativePath, fingerprint: fingerprint, failure: failure) {
      (file: inout StagedFile) throws(Failure) in
      try SafeWrite.step(failure) { () throws(SafeWriteError) in
        try file.write(contentsOf: bytes)
      }
    }
    return .written
  }

  /// How many files of the folder being replaced are missing from the staged folder.
  ///
  /// Those are the files the swap removes: no file at the same path in the staged folder. `0`
  /// when there is no ``previousPath``; a folder that cannot be read counts as holding nothing.
  ///
  /// - Complexity: One pass over both trees, holding one folder's names at a time per level.
  package func previousFilesNotStaged() -> Int {
    guard let previousPath,
      let old = try? SystemCalls.open(previousPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    else { return 0 }
    return SystemCalls.closeAfter(old) {
      guard let new = try? SystemCalls.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else {
        return Self.filesMissing(in: old, from: nil)
      }
      return SystemCalls.closeAfter(new) { Self.filesMissing(in: old, from: new) }
    }
  }

  /// The folder at `target` when TableKit wrote it (it holds the marker file), else `nil`.
  static func previousSite(at target: SafeWrite.Target) -> String? {
    guard let existing = target.existing, existing.st_mode & S_IFMT == S_IFDIR,
      let marker = try? SystemCalls.status(
        target.path + "/" + SafeWrite.writtenMarker, followingLinks: false),
      marker.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return target.path
  }

  /// Links the old site's file at `relativePath` into the staged folder when it holds exactly
  /// `bytes`; `false` when it does not, or when anything on the way fails.
  private func linksUnchanged(_ relativePath: String, _ bytes: [UInt8]) -> Bool {
    guard let previousPath, Self.isInside(relativePath) else { return false }
    var segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    let name = segments.removeLast()
    let staged = path + "/" + relativePath
    do throws(Errno) {
      // Folder by folder, never following a link: only the old site's own files are linked.
      var folder = try SystemCalls.open(previousPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      for segment in segments {
        let child = Result { () throws(Errno) in
          try SystemCalls.open(segment, in: folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        try? SystemCalls.close(folder)
        folder = try child.get()
      }
      return try SystemCalls.closeAfter(folder) { () throws(Errno) -> Bool in
        // Non-blocking, so a FIFO put in the old site does not wait for a writer.
        let file = try SystemCalls.open(
          name, in: folder, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        // Open until the link is checked, so its inode number cannot be reused meanwhile.
        return try SystemCalls.closeAfter(file) { () throws(Errno) -> Bool in
          let original = try SystemCalls.status(of: file)
          guard original.st_mode & S_IFMT == S_IFREG, original.st_size == bytes.count,
            try Self.holds(bytes, file)
          else { return false }
          if let linkFailure { throw Errno(linkFailure) }
          do throws(SafeWriteError) {
            try makeFolders(above: relativePath, reportedPath: reportedPath)
          } catch {
            return false
          }
          try SystemCalls.link(name, in: folder, to: staged)
          // Linked by name: the name must still be the file compared.
          guard let linked = try? SystemCalls.status(staged, followingLinks: false),
            linked.st_dev == original.st_dev, linked.st_ino == original.st_ino
          else {
            unlink(BytePath.cString(staged))
            return false
          }
          return true
        }
      }
    } catch {
      return false
    }
  }

  /// Whether the file open at `descriptor` holds exactly `bytes`, read once from its position.
  static func holds(_ bytes: [UInt8], _ descriptor: Int32) throws(Errno) -> Bool {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    var offset = 0
    while true {
      let count = try SystemCalls.read(from: descriptor, into: buffer)
      if count == 0 { return offset == bytes.count }
      guard count <= bytes.count - offset else { return false }
      let same = bytes.withUnsafeBytes { expected in
        guard let start = expected.baseAddress, let read = buffer.baseAddress else { return false }
        return memcmp(start + offset, read, count) == 0
      }
      guard same else { return false }
      offset += count
    }
  }

  /// How many files under the open folder `old` have no file at the same place under `new`
  /// (`nil`: nothing there, so all of them).
  private static func filesMissing(in old: Int32, from new: Int32?) -> Int {
    guard let names = try? SystemCalls.entries(ofFolder: old) else { return 0 }
    var count = 0
    for bytes in names {
      let name = BytePath.carried(bytes.dropLast().map { UInt8(bitPattern: $0) })
      let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
      if let child = try? SystemCalls.open(name, in: old, flags) {
        count += SystemCalls.closeAfter(child) {
          guard let new, let counterpart = try? SystemCalls.open(name, in: new, flags) else {
            return filesMissing(in: child, from: nil)
          }
          return SystemCalls.closeAfter(counterpart) { filesMissing(in: child, from: counterpart) }
        }
      } else if let new, let info = try? SystemCalls.status(of: name, in: new),
        info.st_mode & S_IFMT != S_IFDIR
      {
        continue
      } else {
        count += 1
      }
    }
    return count
  }
}
