#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SafeWrite {
  /// The temporaries that exist right now, file or folder, by path.
  ///
  /// They are what a termination signal removes. Use it only through ``withTemporaries(_:)``,
  /// whose lock is also held across each commit's rename, so that the clean-up and a commit
  /// never interleave.
  private static let temporaries = Locked<[String: TemporaryKind]>([:])

  /// Runs `body` with the registry of temporaries, under its lock.
  static func withTemporaries<Result: Sendable>(
    _ body: (inout [String: TemporaryKind]) -> Result
  ) -> Result {
    temporaries.withLock(body)
  }

  /// What a registered temporary is, so the clean-up knows how to remove it.
  enum TemporaryKind: Sendable {
    case file
    case folder
  }

  /// The text between a temporary's target name and its random suffix: `.NAME.tablekit-XXXXXX`.
  package static let temporaryMarker = ".tablekit-"

  /// The paths of the temporaries that exist right now (for tests and diagnostics).
  package static var registeredTemporaries: [String] {
    withTemporaries { Array($0.keys) }
  }

  /// A fresh temporary name beside `target`: `.NAME.tablekit-XXXXXX`, with NAME cut to 200
  /// bytes (on a character boundary) so the whole name stays under the usual 255-byte limit.
  static func temporaryPath(beside target: String) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    let suffix = String(
      (0..<temporarySuffixLength).map { _ in
        alphabet[Int.random(in: 0..<62, using: &generator)]
      })
    return temporaryPrefix(beside: target) + suffix
  }

  /// The length of a temporary name's random suffix (letters and digits).
  static let temporarySuffixLength = 6

  /// Every temporary name beside `target` but its random suffix: `FOLDER/.NAME.tablekit-`.
  static func temporaryPrefix(beside target: String) -> String {
    var name = ""
    for character in Target.name(of: target) {
      if name.utf8.count + character.utf8.count > 200 { break }
      name.append(character)
    }
    let folder = Target.folder(of: target)
    return (folder == "/" ? "/" : folder + "/") + "." + name + temporaryMarker
  }

  /// Creates and registers a fresh temporary file beside the target (`O_EXCL`, retried under
  /// another name when one exists); returns its path and open descriptor.
  static func createTemporaryFile(beside target: Target) throws(SafeWriteError) -> (String, Int32) {
    let mode: mode_t = target.existing.map { $0.st_mode & 0o777 } ?? 0o644
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    while true {
      let candidate = temporaryPath(beside: target.path)
      // Created under the lock, so a signal between the creation and the registration cannot
      // leave it behind.
      let opened = withTemporaries { registry in
        let opened = Result { () throws(Errno) in try SystemCalls.open(candidate, flags, mode) }
        if case .success = opened { registry[candidate] = .file }
        return opened
      }
      do throws(Errno) {
        return (candidate, try opened.get())
      } catch let error where error.code == EEXIST {
        continue
      } catch {
        throw SafeWriteError(path: target.path, operation: .create, code: error.code)
      }
    }
  }

  /// Creates and registers a fresh, empty temporary folder beside the target: mode `0755` less
  /// the umask for a new folder, the old folder's mode when it replaces one.
  static func createTemporaryFolder(beside target: Target) throws(SafeWriteError) -> String {
    while true {
      let candidate = temporaryPath(beside: target.path)
      let made = withTemporaries { registry in
        let made = Result { () throws(Errno) in try SystemCalls.makeFolder(candidate) }
        if case .success = made { registry[candidate] = .folder }
        return made
      }
      do throws(Errno) {
        try made.get()
      } catch let error where error.code == EEXIST {
        continue
      } catch {
        throw SafeWriteError(path: target.path, operation: .makeDirectory, code: error.code)
      }
      if let existing = target.existing {
        _ = chmod(BytePath.cString(candidate), existing.st_mode & 0o7777)
      }
      return candidate
    }
  }

  /// Removes a temporary (file or folder) and forgets it.
  static func discard(_ temporary: String) {
    withTemporaries { registry in
      try? SystemCalls.removeTree(temporary)
      registry[temporary] = nil
    }
  }
}
