#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder that an earlier TableKit export wrote, updated in place: only the files whose bytes
/// changed are replaced, the files no longer written are removed, and nothing else is touched.
///
/// ```swift
/// guard let site = try PatchedDirectory.open(at: "site") else {
///   // Not patchable (nothing there, a foreign folder, no manifest): write it whole.
///   return try SafeWrite.directory(at: "site") { folder in … }
/// }
/// if site.previousFingerprint(of: "index.html") == fingerprint {
///   try site.keep("index.html", fingerprint: fingerprint)
/// } else {
///   try site.write("index.html", bytes, fingerprint: fingerprint)
/// }
/// let counts = try site.commit()
/// ```
///
/// ``open(at:protecting:)`` takes the folder only when it holds ``SafeWrite/writtenMarker`` and
/// a manifest that parses (`SiteManifest`), and locks the marker (`flock(2)`, waiting) as
/// ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` does, so two exports never
/// update one folder at once; the lock is held until ``commit()`` ends or the value is released.
///
/// ``keep(_:fingerprint:)`` does no I/O. ``write(_:_:fingerprint:)`` compares the bytes with
/// the file there and, when they differ, writes them into a hidden staging folder inside the
/// folder (`.tablekit-patch`, so on the same file system). ``commit()`` syncs the staged files,
/// writes a journal of the renames and removals and syncs it, then moves each staged file over
/// its target (`renameat(2)`, one atomic step a file), removes the old files that were neither
/// kept nor written (and the folders that leaves empty), replaces the manifest, and removes the
/// journal and the staging folder. Until the journal is written nothing in the folder changed:
/// an error, or the value released without a commit, removes the staging folder. After it, a
/// killed process leaves the journal, and the next ``open(at:protecting:)`` finishes it first;
/// every step of it can be made twice.
///
/// Paths are untrusted: each is checked as ``StagedDirectory/writeFile(_:_:)`` checks it, the
/// export's own hidden names at the root are refused, and every folder on the way is opened
/// with `O_NOFOLLOW` from the folder's own descriptor, so no link leads out of it.
package final class PatchedDirectory {
  /// How many files a patch wrote, left as they were, and removed.
  package struct Counts: Sendable, Equatable {
    /// Files whose bytes were replaced or that are new.
    package var written = 0
    /// Files kept, or written with the bytes they held already.
    package var unchanged = 0
    /// Files of the earlier export that were neither kept nor written, removed.
    package var removed = 0

    /// The counts.
    ///
    /// - Parameters:
    ///   - written: Files replaced or new.
    ///   - unchanged: Files left as they were.
    ///   - removed: Files removed.
    package init(written: Int = 0, unchanged: Int = 0, removed: Int = 0) {
      self.written = written
      self.unchanged = unchanged
      self.removed = removed
    }
  }

  /// The name of the staging folder at the root of the folder.
  package static let stagingName = ".tablekit-patch"
  /// The name of the journal at the root of the folder.
  package static let journalName = ".tablekit-journal"

  /// The folder's path, every link resolved.
  package let path: String
  /// The folder as the caller named it, for error messages.
  let reportedPath: String
  /// The folder, open.
  let folder: Int32
  /// Its marker, open and locked until the commit ends or the value is released.
  private var marker: Int32?
  /// The earlier export's files; each kept or written file's fingerprint is updated in place.
  var manifest: SiteManifest
  /// One bit an entry of ``manifest``: kept or written.
  var seen: [UInt64]
  /// The files written that the manifest did not list, in order, with their fingerprints.
  var added: [(path: [UInt8], fingerprint: InputFingerprint)] = []
  /// The paths of ``added``, to catch a path given twice.
  private var addedPaths: Set<[UInt8]> = []
  /// The paths of the files written into the staging folder, in order.
  var staged: [[UInt8]] = []
  /// The staging folder, open, once a file was staged.
  var staging: Int32?
  /// Whether a kept or written file's fingerprint differs from the manifest's.
  var fingerprintsChanged = false
  /// What was counted so far.
  var counts = Counts()
  /// Whether ``commit()`` ran (the staging folder is then the journal's, or gone).
  var isFinished = false
  /// Whether this system syncs a whole file system in one call (else each file is synced).
  let synchronizesFileSystem = SystemCalls.canSynchronizeFileSystem

  private init(
    path: String, reportedPath: String, folder: Int32, marker: Int32, manifest: SiteManifest
  ) {
    self.path = path
    self.reportedPath = reportedPath
    self.folder = folder
    self.marker = marker
    self.manifest = manifest
    seen = [UInt64](repeating: 0, count: (manifest.count + 63) / 64)
  }

  deinit {
    if !isFinished { discardStaging() }
    if let staging { try? SystemCalls.close(staging) }
    unlock()
    try? SystemCalls.close(folder)
  }

  /// Closes the marker, which drops the lock on it.
  func unlock() {
    if let marker { try? SystemCalls.close(marker) }
    marker = nil
  }

  /// Opens the folder at `path` to be patched, or `nil` when it cannot be.
  ///
  /// It cannot be when there is nothing there, an empty folder, a folder TableKit did not write (no ``SafeWrite/writtenMarker``), no
  /// manifest or one that does not parse, or a journal left by a killed run that cannot be
  /// finished. The caller then writes the folder whole with
  /// ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)``.
  ///
  /// It refuses what ``SafeWrite/checkReplaceable(folder:protecting:replacesForeignFolder:)``
  /// refuses (the current directory, a folder above it, a folder holding one of `inputs`),
  /// waits for the lock on the marker, finishes a journal a killed run left and removes its
  /// staging folder.
  ///
  /// - Parameters:
  ///   - path: The folder; a link is followed to the folder it names.
  ///   - inputs: The paths of the files the caller reads: a folder holding one is refused.
  /// - Returns: The folder, locked, or `nil`.
  /// - Throws: ``SafeWriteError`` naming `path`: ``SafeWriteError/Operation/inspect`` with
  ///   `ENOTDIR` when it is not a folder, ``SafeWriteError/Operation/refuse(_:)``.
  package static func open(
    at path: String, protecting inputs: [String] = []
  ) throws(SafeWriteError) -> PatchedDirectory? {
    while true {
      let target = try SafeWrite.Target(path, expectsFolder: true)
      guard target.existing != nil else { return nil }
      try SafeWrite.checkReplaceable(
        target, reportedPath: path, protecting: inputs, replacesForeignFolder: true)
      guard
        let folder = try? SystemCalls.open(
          target.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      else { return nil }
      guard let marker = lockedMarker(in: folder) else {
        try? SystemCalls.close(folder)
        return nil
      }
      // A whole-folder write may have swapped the folder while this waited: then again.
      guard isCurrent(folder, marker, at: target.path) else {
        try? SystemCalls.close(marker)
        try? SystemCalls.close(folder)
        continue
      }
      guard finishJournal(in: folder, at: target.path),
        let manifest = SiteManifest.read(in: folder)
      else {
        try? SystemCalls.close(marker)
        try? SystemCalls.close(folder)
        return nil
      }
      return PatchedDirectory(
        path: target.path, reportedPath: path, folder: folder, marker: marker, manifest: manifest)
    }
  }

  /// The fingerprint the earlier export recorded for the file at `relativePath`, or `nil`
  /// when it wrote no such file (or wrote it without one).
  ///
  /// - Parameter relativePath: A path inside the folder, such as `brands/volvo.html`.
  /// - Returns: The fingerprint.
  package func previousFingerprint(of relativePath: String) -> InputFingerprint? {
    manifest.fingerprint(of: relativePath)
  }

  /// Keeps the files the earlier export recorded with `fingerprint`, when `accepts` takes
  /// their paths; no I/O, and no path to name.
  ///
  /// An export whose fingerprints cover everything a file is made from, its place included,
  /// finds a page's files this way without printing their names: only that page's files carry
  /// its fingerprint. Files this export already kept or wrote are left out.
  ///
  /// - Parameters:
  ///   - fingerprint: What the files were made from.
  ///   - accepts: Whether these paths (relative to the folder, carried as ``BytePath`` carries
  ///     them, in no order) are the files wanted; not called when there are none.
  /// - Returns: The paths kept, or `nil` when none carried `fingerprint` or `accepts` refused.
  package func keepFiles(
    madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool
  ) -> [String]? {
    let indices = manifest.indices(of: fingerprint).filter { !isSeen($0) }
    guard !indices.isEmpty else { return nil }
    let paths = indices.map { BytePath.carried(manifest.path(at: $0)) }
    guard accepts(paths) else { return nil }
    for index in indices { setSeen(index) }
    counts.unchanged += indices.count
    return paths
  }

  /// Keeps the file at `relativePath` as the earlier export wrote it, recording `fingerprint`
  /// for it; no I/O.
  ///
  /// - Parameters:
  ///   - relativePath: A path the earlier export wrote.
  ///   - fingerprint: What the file is made from now.
  /// - Throws: ``SafeWriteError``: ``SafeWriteError/Operation/validatePath`` for a bad path,
  ///   ``SafeWriteError/Operation/inspect`` with `ENOENT` when the earlier export did not
  ///   write it, ``SafeWriteError/Operation/create`` with `EEXIST` when the path was kept or
  ///   written already.
  package func keep(_ relativePath: String, fingerprint: InputFingerprint) throws(SafeWriteError) {
    let reported = reportedPath + "/" + relativePath
    // No copy of the path: this runs for nearly every file of a site.
    let found = SiteManifest.withBytes(of: relativePath) { bytes -> Int?? in
      guard SiteManifest.isSitePath(bytes.assumingMemoryBound(to: UInt8.self)) else { return nil }
      return .some(manifest.index(of: bytes))
    }
    guard let found else {
      throw SafeWriteError(path: reported, operation: .validatePath, code: EINVAL)
    }
    guard let index = found else {
      throw SafeWriteError(path: reported, operation: .inspect, code: ENOENT)
    }
    try mark(index, fingerprint: fingerprint, reported: reported)
    counts.unchanged += 1
  }

  /// Writes `bytes` at `relativePath`, unless the file there holds exactly these bytes.
  ///
  /// The file there is opened without following a link and compared by size, then by content;
  /// when equal it is left alone (same inode, same modification time) and counted unchanged.
  /// Otherwise the bytes go to a new file at the same path in the staging folder (its folders
  /// made as needed), moved into place by ``commit()``.
  ///
  /// - Parameters:
  ///   - relativePath: A path inside the folder, such as `brands/volvo.html`.
  ///   - bytes: The file's content.
  ///   - fingerprint: What the file is made from.
  /// - Throws: ``SafeWriteError``: ``SafeWriteError/Operation/validatePath`` for a bad path,
  ///   ``SafeWriteError/Operation/create`` with `EEXIST` when the path was kept or written
  ///   already, and the failures of reading the old file (`ENOTDIR` when a folder on the way
  ///   is a file or a link, `EISDIR` when a folder is at the path) or writing the new one.
  package func write(
    _ relativePath: String, _ bytes: [UInt8], fingerprint: InputFingerprint
  ) throws(SafeWriteError) {
    let reported = reportedPath + "/" + relativePath
    let path = SiteManifest.withBytes(of: relativePath) { Array($0) }
    try checked(path, reported: reported)
    let index = manifest.index(of: path)
    if let index, isSeen(index) {
      throw SafeWriteError(path: reported, operation: .create, code: EEXIST)
    }
    guard index != nil || !addedPaths.contains(path) else {
      throw SafeWriteError(path: reported, operation: .create, code: EEXIST)
    }
    let unchanged = try SafeWrite.attempt(.inspect, on: reported) { () throws(Errno) in
      try holds(bytes, at: path)
    }
    if !unchanged {
      try SafeWrite.attempt(.create, on: reported) { () throws(Errno) in
        try stage(bytes, at: path)
      }
    }
    if let index {
      try mark(index, fingerprint: fingerprint, reported: reported)
    } else {
      added.append((path, fingerprint))
      addedPaths.insert(path)
    }
    if unchanged { counts.unchanged += 1 } else { counts.written += 1 }
  }

  /// Throws ``SafeWriteError/Operation/validatePath`` unless `bytes` name a file the export
  /// may write.
  private func checked(_ path: [UInt8], reported: String) throws(SafeWriteError) {
    guard path.withUnsafeBufferPointer(SiteManifest.isSitePath) else {
      throw SafeWriteError(path: reported, operation: .validatePath, code: EINVAL)
    }
  }

  /// Whether the manifest's entry `index` was kept or written.
  func isSeen(_ index: Int) -> Bool { seen[index / 64] & 1 << UInt64(index % 64) != 0 }

  /// Notes the entry at `index` as kept or written.
  private func setSeen(_ index: Int) { seen[index / 64] |= 1 << UInt64(index % 64) }

  /// Marks the manifest's entry `index` kept or written, with its new fingerprint.
  private func mark(
    _ index: Int, fingerprint: InputFingerprint, reported: String
  ) throws(SafeWriteError) {
    guard !isSeen(index) else {
      throw SafeWriteError(path: reported, operation: .create, code: EEXIST)
    }
    setSeen(index)
    if manifest.entries[index].fingerprint != fingerprint { fingerprintsChanged = true }
    manifest.entries[index].high = fingerprint.high
    manifest.entries[index].low = fingerprint.low
    manifest.entries[index].lengthAndFlag &= ~SiteManifest.Entry.unfingerprinted
  }

  /// Whether the regular file at `path` holds exactly `bytes`; `false` when nothing (or a
  /// link, which the rename replaces) is there.
  private func holds(_ bytes: [UInt8], at path: [UInt8]) throws(Errno) -> Bool {
    let (parents, name) = Self.split(path)
    let parent: Int32
    do throws(Errno) {
      parent = try Self.openFolder(parents, in: folder, creating: false)
    } catch let error where error.code == ENOENT {
      return false
    } catch let error where error.code == ELOOP {
      throw Errno(ENOTDIR)
    }
    return try SystemCalls.closeAfter(parent) { () throws(Errno) -> Bool in
      let file: Int32
      do throws(Errno) {
        file = try SystemCalls.open(
          segment: name, in: parent, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      } catch let error where error.code == ENOENT || error.code == ELOOP {
        return false
      }
      return try SystemCalls.closeAfter(file) { () throws(Errno) -> Bool in
        let info = try SystemCalls.status(of: file)
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw Errno(EISDIR)
        case S_IFREG:
          guard info.st_size == bytes.count else { return false }
          return try StagedDirectory.holds(bytes, file)
        default: return false
        }
      }
    }
  }

  /// Writes `bytes` to a new file at `path` in the staging folder, made when first needed.
  private func stage(_ bytes: [UInt8], at path: [UInt8]) throws(Errno) {
    let staging = try openStaging()
    let (parents, name) = Self.split(path)
    let parent = try Self.openFolder(parents, in: staging, creating: true)
    try SystemCalls.closeAfter(parent) { () throws(Errno) in
      let file = try SystemCalls.open(
        segment: name, in: parent, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
        mode: 0o644)
      do throws(Errno) {
        try bytes.withUnsafeBytes { raw in
          Result { () throws(Errno) in try SystemCalls.writeAll(file, raw) }
        }.get()
        if !synchronizesFileSystem { try SystemCalls.fsync(file) }
        try SystemCalls.close(file)
      } catch {
        try? SystemCalls.close(file)
        try? SystemCalls.remove(segment: name, in: parent)
        throw error
      }
    }
    staged.append(path)
  }

  /// The staging folder, made (and registered for removal on a termination signal) the first
  /// time.
  func openStaging() throws(Errno) -> Int32 {
    if let staging { return staging }
    let name = Array(Self.stagingName.utf8)
    let stagingPath = path + "/" + Self.stagingName
    let made = SafeWrite.withTemporaries { registry in
      let made = Result { () throws(Errno) in
        try SystemCalls.makeFolder(segment: name, in: folder)
      }
      if case .success = made { registry[stagingPath] = .folder }
      return made
    }
    try made.get()
    let opened = try SystemCalls.open(
      segment: name, in: folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    staging = opened
    return opened
  }

  /// Removes the staging folder before a journal names it.
  func discardStaging() {
    guard staging != nil else { return }
    SafeWrite.discard(path + "/" + Self.stagingName)
  }

  /// The marker in the open `folder`, locked (waiting), or `nil` when there is no regular file
  /// there or it cannot be locked.
  private static func lockedMarker(in folder: Int32) -> Int32? {
    guard
      let marker = try? SystemCalls.open(
        segment: Array(SafeWrite.writtenMarker.utf8), in: folder,
        O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    else { return nil }
    guard let info = try? SystemCalls.status(of: marker), info.st_mode & S_IFMT == S_IFREG,
      (try? SystemCalls.lock(marker, waits: true)) != nil
    else {
      try? SystemCalls.close(marker)
      return nil
    }
    return marker
  }

  /// Whether the open `folder` is still the folder at `path` and the open `marker` still its
  /// marker.
  private static func isCurrent(_ folder: Int32, _ marker: Int32, at path: String) -> Bool {
    guard let open = try? SystemCalls.status(of: folder),
      let named = try? SystemCalls.status(path, followingLinks: false),
      let locked = try? SystemCalls.status(of: marker),
      let current = try? SystemCalls.status(of: SafeWrite.writtenMarker, in: folder)
    else { return false }
    return open.st_dev == named.st_dev && open.st_ino == named.st_ino
      && locked.st_dev == current.st_dev && locked.st_ino == current.st_ino
  }

  /// `path`'s folders and its name.
  static func split(_ path: [UInt8]) -> (parents: [ArraySlice<UInt8>], name: ArraySlice<UInt8>) {
    var segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    let name = segments.removeLast()
    return (segments, name)
  }

  /// Opens the folder `segments` below the open `root`, each opened with `O_NOFOLLOW` (a link
  /// on the way fails with `ELOOP` or `ENOTDIR`), made first when `creating` and missing.
  static func openFolder(
    _ segments: [ArraySlice<UInt8>], in root: Int32, creating: Bool
  ) throws(Errno) -> Int32 {
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    var current = try SystemCalls.open(segment: [UInt8(ascii: ".")], in: root, flags)
    for segment in segments {
      let next = Result { () throws(Errno) -> Int32 in
        do throws(Errno) {
          return try SystemCalls.open(segment: segment, in: current, flags)
        } catch let error where error.code == ENOENT && creating {
          do throws(Errno) {
            try SystemCalls.makeFolder(segment: segment, in: current)
          } catch let error where error.code == EEXIST {
            // Made meanwhile.
          }
          return try SystemCalls.open(segment: segment, in: current, flags)
        }
      }
      try? SystemCalls.close(current)
      current = try next.get()
    }
    return current
  }
}
