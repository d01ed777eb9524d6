#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SafeWrite {
  /// Where a safe write really goes: the target with links resolved, and what is there now.
  struct Target {
    /// The path to replace: the caller's path, or the file a link at it names.
    let path: String
    /// The status of what is at ``path`` now, or `nil` when nothing is.
    let existing: stat?

    /// Whether the target is replaced through a temporary: nothing there yet, or a regular file
    /// (a folder for ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)``).
    var isReplaceable: Bool {
      guard let existing else { return true }
      let kind = existing.st_mode & S_IFMT
      return kind == S_IFREG || kind == S_IFDIR
    }

    /// Looks at `path`: follows a link to what it names, refuses a folder where a file is
    /// expected (and the other way round), and notes a non-regular file.
    ///
    /// With `followsLinks` `false` (a file only), nothing is followed: a link, FIFO or device at
    /// `path` counts as nothing there, so the temporary's rename replaces that name itself and
    /// nothing is written through it.
    init(_ path: String, expectsFolder: Bool, followsLinks: Bool = true) throws(SafeWriteError) {
      guard !path.isEmpty, !path.utf8.contains(0) else {
        throw SafeWriteError(path: path, operation: .inspect, code: ENOENT)
      }
      if !followsLinks && !expectsFolder {
        self.path = path
        let info: stat
        do throws(Errno) {
          info = try SystemCalls.status(path, followingLinks: false)
        } catch let error where error.code == ENOENT {
          existing = nil
          return
        } catch {
          throw SafeWriteError(path: path, operation: .inspect, code: error.code)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
          throw SafeWriteError(path: path, operation: .inspect, code: EISDIR)
        }
        existing = info.st_mode & S_IFMT == S_IFREG ? info : nil
        return
      }
      let info: stat
      do throws(Errno) {
        info = try SystemCalls.status(path, followingLinks: true)
      } catch let error where error.code == ENOENT {
        // Nothing there, or a link to nothing: refuse to replace a dangling link by a file.
        if let link = try? SystemCalls.status(path, followingLinks: false),
          link.st_mode & S_IFMT == S_IFLNK
        {
          throw SafeWriteError(path: path, operation: .resolve, code: ENOENT)
        }
        if path.hasSuffix("/") && !expectsFolder {
          throw SafeWriteError(path: path, operation: .inspect, code: EISDIR)
        }
        self.path = path
        existing = nil
        return
      } catch {
        throw SafeWriteError(path: path, operation: .inspect, code: error.code)
      }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR && !expectsFolder {
        throw SafeWriteError(path: path, operation: .inspect, code: EISDIR)
      }
      if kind != S_IFDIR && expectsFolder {
        throw SafeWriteError(path: path, operation: .inspect, code: ENOTDIR)
      }
      existing = info
      if kind == S_IFREG || kind == S_IFDIR {
        // The file a link names, so the new content lands there and the link stays.
        self.path = try SafeWrite.attempt(.resolve, on: path) { () throws(Errno) in
          try SystemCalls.realPath(path)
        }
      } else {
        self.path = path
      }
    }

    /// The folder that holds `path` (`.` for a bare name, `/` for a name at the root).
    static func folder(of path: String) -> String {
      let trimmed = trimmingTrailingSlashes(path)
      guard let slash = trimmed.lastIndex(of: "/") else { return "." }
      let folder = trimmed[..<slash]
      return folder.isEmpty ? "/" : String(folder)
    }

    /// The last segment of `path`.
    static func name(of path: String) -> String {
      let trimmed = trimmingTrailingSlashes(path)
      guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
      return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
      var trimmed = Substring(path)
      while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
      return String(trimmed)
    }
  }
}
