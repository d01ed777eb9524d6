#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SafeWriteError {
  /// Why ``SafeWrite/directory(at:protecting:replacesForeignFolder:_:)`` will not replace a
  /// folder: replacing it whole would delete something it did not write.
  ///
  /// The check runs before anything is read or written, so a refused folder is untouched:
  ///
  /// ```text
  /// refusing to replace the folder .: it is the current directory; write to a new folder instead
  /// ```
  public enum Refusal: Hashable, Sendable {
    /// The folder is the current directory.
    case currentDirectory
    /// The folder holds the current directory (it is `/`, or a folder above the current one).
    case ancestorOfCurrentDirectory
    /// The folder holds, at any depth, the input file at this path (as the caller named it).
    case holdsInput(String)
    /// The folder is not empty and holds no ``SafeWrite/writtenMarker`` file, so TableKit did
    /// not write it; replacing it is allowed only when asked for explicitly.
    case notWrittenByTableKit

    /// The reason and what to do instead, for the message.
    var reason: String {
      switch self {
      case .currentDirectory:
        return "it is the current directory; write to a new folder instead"
      case .ancestorOfCurrentDirectory:
        return "it holds the current directory; write to a new folder instead"
      case .holdsInput(let path):
        return "it holds the input \(SafeWriteError.shown(path)); write to a new folder instead"
      case .notWrittenByTableKit:
        return "it is not empty and TableKit did not write it (it has no "
          + "\(SafeWrite.writtenMarker) file), so replacing it would delete its files; write "
          + "to a new or empty folder, or allow replacing a folder TableKit did not write "
          + "(tablekit export --replace-foreign, SiteExporter.replacesForeignFolder)"
      }
    }

    /// The `errno` code the refusal is reported with: `ENOTEMPTY` for a foreign folder, else
    /// `EBUSY` (the folder is in use).
    package var code: Int32 {
      self == .notWrittenByTableKit ? ENOTEMPTY : EBUSY
    }
  }
}
