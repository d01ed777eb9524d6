import TableKit
import TableKitFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system calls of the page cache: read an entry whole, look at its size and last
/// use, stamp a use, list and remove entries, make the folder. Each tolerates a file that
/// another process removed or replaced in the meantime.
extension PageCache {
  /// The bytes of the entry file at `path`, or `nil` when it is missing, unreadable, larger
  /// than `limit`, or not a regular file.
  ///
  /// The entry is opened without following a link (`O_NOFOLLOW`) and without waiting
  /// (`O_NONBLOCK`, so a FIFO cannot block the load), then checked with `fstat(2)`: a link, a
  /// FIFO or anything else that is not a regular file is never read, and is removed (the name
  /// itself, never what a link points to).
  static func readFile(_ path: String, limit: Int) -> [UInt8]? {
    guard
      let descriptor = try? SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    else {
      // A link is refused by `O_NOFOLLOW` (ELOOP on Linux and Darwin, EMLINK on FreeBSD).
      if let info = try? SystemCalls.status(path, followingLinks: false),
        info.st_mode & S_IFMT != S_IFREG
      {
        remove(path)
      }
      return nil
    }
    return SystemCalls.closeAfter(descriptor) { () -> [UInt8]? in
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { return nil }
      guard info.st_mode & S_IFMT == S_IFREG else {
        remove(path)
        return nil
      }
      guard Int(info.st_size) <= limit else { return nil }
      var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
      var filled = 0
      while filled < bytes.count {
        let count = bytes.withUnsafeMutableBytes { raw in
          try? SystemCalls.read(
            from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
        }
        guard let count, count > 0 else { return nil }
        filled += count
      }
      return bytes
    }
  }

  /// The size and last use of the entry file at `path`, or `nil` when it is gone.
  static func entryFile(_ path: String) -> EntryFile? {
    guard let info = try? SystemCalls.status(path, followingLinks: false),
      (info.st_mode & S_IFMT) == S_IFREG
    else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    let used = Date(
      timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
    return EntryFile(path: path, size: Int(info.st_size), used: used)
  }

  /// Sets the last use (modification time) of the file at `path` to `date`; a link there is
  /// not followed.
  static func stamp(_ path: String, _ date: Date) {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    let nanoseconds = (date.timeIntervalSince1970 - seconds) * 1_000_000_000
    let time = timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    var times = [time, time]
    _ = utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
  }

  /// The names of the entry files in `folder` (not the hidden temporaries, nor anything else).
  static func entryNames(in folder: String) -> [String] {
    names(in: folder).filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
  }

  /// The names of the safe write's temporaries of entries in `folder`:
  /// `.<entry>.page.tablekit-XXXXXX`, left there only by a process killed while it wrote.
  static func temporaryNames(in folder: String) -> [String] {
    names(in: folder).filter {
      $0.hasPrefix(".") && $0.contains(suffix + SafeWrite.temporaryMarker)
    }
  }

  /// Every name in `folder` but `.` and `..` (the package's one `readdir` loop, which reads each
  /// name in place); none when the folder cannot be read.
  private static func names(in folder: String) -> [String] {
    guard let entries = try? SystemCalls.entries(inFolder: folder) else { return [] }
    return entries.map { name in
      String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// Removes the file at `path`; one already gone is not an error.
  static func remove(_ path: String) {
    _ = unlink(path)
  }

  /// Makes `folder` and its missing parents.
  ///
  /// - Throws: ``Errno`` of the failing `mkdir(2)`; a folder already there is not a failure.
  static func makeFolders(_ folder: String) throws(Errno) {
    var path = ""
    for component in folder.split(separator: "/", omittingEmptySubsequences: false) {
      path += path.isEmpty && folder.hasPrefix("/") ? "/" : (path.isEmpty ? "" : "/")
      path += component
      if component.isEmpty || component == "." || component == ".." { continue }
      do throws(Errno) {
        try SystemCalls.makeFolder(path)
      } catch let error where error.code == EEXIST {
        continue
      }
    }
  }
}
