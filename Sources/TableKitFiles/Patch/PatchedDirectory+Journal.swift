#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PatchedDirectory {
  /// What a commit does once its new files are on the disk: the file `.tablekit-journal` at the
  /// root of the folder, written and synced before the first rename, removed after the last
  /// step, and finished by the next ``PatchedDirectory/open(at:protecting:)`` when a process
  /// was killed between the two.
  ///
  /// ```text
  /// tablekit-journal 1
  /// R brands/volvo.html<NUL>
  /// D brands/saab.html<NUL>
  /// end 2
  /// ```
  ///
  /// `R` moves the staged file at that path over the folder's; `D` removes the folder's file
  /// (and the folders that leaves empty); then the staged manifest, when there is one, replaces
  /// the folder's. Every step can be made twice: a staged file already moved, or a file already
  /// removed, is not there any more, and that counts as done. A journal that does not parse in
  /// every detail is not followed (the folder is then written whole).
  struct Journal: Equatable, Sendable {
    /// The paths of the staged files to move into place.
    var renames: [[UInt8]]
    /// The paths of the old files to remove.
    var removals: [[UInt8]]

    /// The journal's first line.
    static let versionLine = Array("tablekit-journal 1\n".utf8)

    /// A journal of these steps.
    init(renames: [[UInt8]], removals: [[UInt8]]) {
      self.renames = renames
      self.removals = removals
    }

    /// Parses a journal file; `nil` when the bytes are not one.
    init?(parsing file: [UInt8]) {
      var renames: [[UInt8]] = []
      var removals: [[UInt8]] = []
      guard file.starts(with: Self.versionLine) else { return nil }
      var position = Self.versionLine.count
      while true {
        let rest = file[position...]
        if let count = rest.withUnsafeBufferPointer(SiteManifest.closingCount) {
          guard count == renames.count + removals.count else { return nil }
          break
        }
        guard rest.count >= 4, rest.dropFirst().first == UInt8(ascii: " "),
          let end = rest.dropFirst(2).firstIndex(of: 0), end + 1 < file.count,
          file[end + 1] == UInt8(ascii: "\n")
        else { return nil }
        let path = Array(file[(position + 2)..<end])
        guard path.withUnsafeBufferPointer(SiteManifest.isSitePath) else { return nil }
        switch file[position] {
        case UInt8(ascii: "R"): renames.append(path)
        case UInt8(ascii: "D"): removals.append(path)
        default: return nil
        }
        position = end + 2
      }
      self.init(renames: renames, removals: removals)
    }

    /// The journal's bytes.
    var encoded: [UInt8] {
      var bytes = Self.versionLine
      for (tag, paths) in [("R", renames), ("D", removals)] {
        for path in paths {
          bytes.append(contentsOf: Array(tag.utf8) + [UInt8(ascii: " ")] + path)
          bytes.append(contentsOf: [0, UInt8(ascii: "\n")])
        }
      }
      bytes.append(contentsOf: SiteManifest.closingLine(count: renames.count + removals.count))
      return bytes
    }

    /// Makes every step in the open `folder` (at `path`), syncs, then removes the journal and
    /// the staging folder.
    ///
    /// - Parameters:
    ///   - folder: The patched folder, open.
    ///   - path: Its path.
    ///   - synchronizesFileSystem: Whether to sync the file system once at the end (else each
    ///     changed folder is synced as it changes).
    /// - Throws: ``Errno`` of the first step that failed; the journal then stays.
    func apply(in folder: Int32, at path: String, synchronizesFileSystem: Bool) throws(Errno) {
      let syncs = !synchronizesFileSystem
      let staging: Int32?
      do throws(Errno) {
        staging = try SystemCalls.open(
          segment: Array(PatchedDirectory.stagingName.utf8), in: folder,
          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      } catch let error where error.code == ENOENT {
        // Removed after the last move: every file was moved.
        staging = nil
      }
      defer { if let staging { try? SystemCalls.close(staging) } }
      if let staging {
        for file in renames { try Self.move(file, from: staging, to: folder, syncs: syncs) }
      }
      for file in removals { try Self.remove(file, in: folder, syncs: syncs) }
      if let staging {
        try Self.move(Array(SiteManifest.fileName.utf8), from: staging, to: folder, syncs: syncs)
      }
      if synchronizesFileSystem {
        _ = try SystemCalls.synchronizeFileSystem(containing: path)
      }
      do throws(Errno) {
        try SystemCalls.remove(segment: Array(PatchedDirectory.journalName.utf8), in: folder)
      } catch let error where error.code == ENOENT {
        // Removed already.
      }
      try SystemCalls.fsync(folder)
      try SystemCalls.removeTree(path + "/" + PatchedDirectory.stagingName)
    }

    /// Moves the staged file at `file` over the folder's; done already when it is not staged.
    private static func move(
      _ file: [UInt8], from staging: Int32, to folder: Int32, syncs: Bool
    ) throws(Errno) {
      let (parents, name) = PatchedDirectory.split(file)
      let source: Int32
      do throws(Errno) {
        source = try PatchedDirectory.openFolder(parents, in: staging, creating: false)
      } catch let error where error.code == ENOENT {
        return
      }
      try SystemCalls.closeAfter(source) { () throws(Errno) in
        let target = try PatchedDirectory.openFolder(parents, in: folder, creating: true)
        try SystemCalls.closeAfter(target) { () throws(Errno) in
          do throws(Errno) {
            try SystemCalls.rename(segment: name, in: source, to: name, in: target)
          } catch let error where error.code == ENOENT {
            return
          }
          if syncs { try SystemCalls.fsync(target) }
        }
      }
    }

    /// Removes the folder's file at `file`, then each folder above it that this leaves empty;
    /// done already when nothing is there, and a folder found at its place is left alone.
    private static func remove(_ file: [UInt8], in folder: Int32, syncs: Bool) throws(Errno) {
      let (parents, name) = PatchedDirectory.split(file)
      let parent: Int32
      do throws(Errno) {
        parent = try PatchedDirectory.openFolder(parents, in: folder, creating: false)
      } catch let error where error.code == ENOENT || error.code == ENOTDIR || error.code == ELOOP {
        return
      }
      try SystemCalls.closeAfter(parent) { () throws(Errno) in
        do throws(Errno) {
          try SystemCalls.remove(segment: name, in: parent)
        } catch let error where [ENOENT, EISDIR, EPERM].contains(error.code) {
          return
        }
        if syncs { try SystemCalls.fsync(parent) }
      }
      for depth in stride(from: parents.count, to: 0, by: -1) {
        guard
          let above = try? PatchedDirectory.openFolder(
            Array(parents[..<(depth - 1)]), in: folder, creating: false)
        else { return }
        let removed = SystemCalls.closeAfter(above) { () -> Bool in
          guard
            (try? SystemCalls.remove(segment: parents[depth - 1], in: above, isFolder: true))
              != nil
          else { return false }
          if syncs { try? SystemCalls.fsync(above) }
          return true
        }
        if !removed { return }
      }
    }
  }

  /// Finishes the journal a killed run left in the open `folder` (at `path`), or, when there
  /// is none, removes what a run killed before writing one left; `false` when the journal
  /// cannot be read, does not parse or cannot be finished.
  static func finishJournal(in folder: Int32, at path: String) -> Bool {
    let bytes: [UInt8]
    do throws(Errno) {
      bytes = try SiteManifest.readFile(Array(journalName.utf8), in: folder)
    } catch let error where error.code == ENOENT {
      // The lock is held: no other run is staging here.
      try? SystemCalls.removeTree(path + "/" + stagingName)
      try? SystemCalls.removeTree(path + "/" + journalName + ".new")
      return true
    } catch {
      return false
    }
    guard let journal = Journal(parsing: bytes) else { return false }
    let finished = Result { () throws(Errno) in
      try journal.apply(
        in: folder, at: path, synchronizesFileSystem: SystemCalls.canSynchronizeFileSystem)
    }
    if case .success = finished { return true }
    return false
  }
}
