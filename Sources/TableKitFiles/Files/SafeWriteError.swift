/// A file-system call of ``SafeWrite`` that failed, with the path it was about and the system's
/// error code.
///
/// The message names what was being done, the path (control characters shown as `\u{…}`, so a
/// hostile file name cannot reach a terminal as an escape sequence), the system's own words and
/// the code's symbolic name:
///
/// ```text
/// cannot write to report.html: No space left on device (ENOSPC)
/// ../up.html is not a path inside the folder: it must be relative, with no empty, "." or ".." segment and no NUL
/// ```
///
/// ``targetIsUnchanged`` says whether the file or folder being replaced still holds exactly what
/// it held before: it does for every operation except the two that run after the new content is
/// already in place (``Operation/synchronizeFolder`` and ``Operation/removeReplaced``).
public struct SafeWriteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What ``SafeWrite`` was doing when the call failed.
  public enum Operation: Hashable, Sendable {
    /// Looking at the target (`stat(2)`), or finding that it is the wrong kind of file.
    case inspect
    /// Following a symbolic link to the file it names (`realpath(3)`).
    case resolve
    /// Creating the temporary file or one of the staged folder's files (`open(2)`).
    case create
    /// Creating the temporary folder or a folder inside the staged folder (`mkdir(2)`).
    case makeDirectory
    /// Writing bytes (`write(2)`); a full disk reads `ENOSPC`, a file-size limit `EFBIG`.
    case write
    /// Flushing the written file to the disk (`fsync(2)`).
    case synchronize
    /// Closing the written file (`close(2)`), where some file systems report late errors.
    case close
    /// Moving the temporary over the target (`rename(2)`).
    case rename
    /// Swapping the staged folder with the old one (`renameat2(2)`, `renamex_np(2)`).
    case exchange
    /// Flushing the folder that holds the target after the new content was moved into place;
    /// the target already holds the new content.
    case synchronizeFolder
    /// Removing the replaced folder tree after the swap; the target already holds the new
    /// content, and the leftover is a hidden `.NAME.tablekit-XXXXXX` sibling.
    case removeReplaced
    /// A relative path given to ``StagedDirectory/writeFile(_:_:)`` is not inside the folder.
    case validatePath
    /// Finishing an update of a folder in place once its journal is written (moving the new
    /// files into place, removing the old ones): the folder holds some of the new files, and
    /// the next update of it finishes the journal first.
    case finishPatch
    /// ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` refused to replace the
    /// folder, for the reason given, before anything was read or written.
    case refuse(Refusal)
  }

  /// The path the failed call was about: the target as the caller named it, or for a file of a
  /// staged folder, the target folder joined with the file's relative path.
  public let path: String
  /// What was being done.
  public let operation: Operation
  /// The system's error code (`errno`), such as `ENOSPC`; `EINVAL` for ``Operation/validatePath``.
  public let code: Int32

  /// Creates the error for `operation` on `path` that failed with `code`.
  ///
  /// - Parameters:
  ///   - path: The path the failed call was about.
  ///   - operation: What was being done.
  ///   - code: The system's error code (`errno`).
  public init(path: String, operation: Operation, code: Int32) {
    self.path = path
    self.operation = operation
    self.code = code
  }

  /// Whether the file or folder being replaced still holds what it held before the write.
  ///
  /// `true` for every failure before the new content is moved into place; `false` for
  /// ``Operation/synchronizeFolder``, ``Operation/removeReplaced`` and
  /// ``Operation/finishPatch``, which happen after.
  public var targetIsUnchanged: Bool {
    switch operation {
    case .synchronizeFolder, .removeReplaced, .finishPatch: false
    default: true
    }
  }

  /// The message: what failed, on which path, and why.
  public var description: String {
    let shown = Self.shown(path)
    let reason = "\(SystemCalls.message(for: code)) (\(SystemCalls.name(for: code)))"
    switch operation {
    case .inspect, .create: return "cannot open \(shown) for writing: \(reason)"
    case .resolve: return "cannot follow the link \(shown): \(reason)"
    case .makeDirectory: return "cannot create a folder for \(shown): \(reason)"
    case .write: return "cannot write to \(shown): \(reason)"
    case .synchronize: return "cannot flush \(shown) to the disk: \(reason)"
    case .close: return "cannot finish writing \(shown): \(reason)"
    case .rename: return "cannot move the new \(shown) into place: \(reason)"
    case .exchange: return "cannot swap the new folder \(shown) into place: \(reason)"
    case .synchronizeFolder:
      return "wrote \(shown), but cannot flush its folder to the disk: \(reason)"
    case .removeReplaced:
      return "wrote \(shown), but cannot remove the folder it replaced: \(reason)"
    case .finishPatch:
      return "cannot finish updating \(shown) in place (the next export finishes it): \(reason)"
    case .validatePath:
      return "\(shown) is not a path inside the folder: it must be relative, with no empty, "
        + "\".\" or \"..\" segment and no NUL"
    case .refuse(let refusal):
      return "refusing to replace the folder \(shown): \(refusal.reason)"
    }
  }

  /// `text` with every control character, bidi control and backslash written as `\u{…}`, so a
  /// path reads as data in any message, as it does in this error's own.
  package static func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      let isFormat =
        value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
      if BytePath.carriers.contains(value) {
        // A byte of the path that is not UTF-8 (see ``BytePath``).
        result += "\\x{\(String(value - 0x10FF00, radix: 16, uppercase: true))}"
      } else if isControl || isFormat || scalar == "\\" {
        result += "\\u{\(String(value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
