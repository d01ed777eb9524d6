import TableKit
import TableKitFiles

/// The last line start found in a file, shared by the threads that cut it into chunks
/// (``ChunkedFileRows``): a line longer than many chunks is searched once, not once for every
/// chunk whose nominal offset falls inside it.
///
/// Every cut inside one long line has the same answer, the start of the next line; searching
/// from each of those offsets to the line's end read the rest of the line again for every
/// chunk, time growing with the square of the line (3.5 s of CPU for a 100 MB field among
/// short rows, where reading it takes 0.1 s).
final class LineStartCache: Sendable {
  /// The offset searched from and the line start found, or `nil` for none to the file's end.
  /// (``Locked``, not a bare `Mutex`: the chunk threads share it, and ThreadSanitizer must see
  /// the lock.)
  private let last = Locked<LineSearch?>(nil)

  /// One search: where it started and the line start it found, or `nil` for none.
  private struct LineSearch: Sendable {
    var from: Int
    var found: Int?
  }

  /// The offset just past the first line feed at or after `offset` in `file`, or `nil` when
  /// there is none: ``ByteInput/lineStart(after:in:)``, answered from the last search when it
  /// covers `offset`.
  ///
  /// - Parameters:
  ///   - offset: Where to start looking.
  ///   - file: The file.
  /// - Returns: The offset of the byte after the line feed.
  func lineStart(after offset: Int, in file: SharedFile) -> Int? {
    // A search from `from` that found the line feed at `found - 1` found it for every offset
    // from `from` to `found - 1` too; one that found none found none after `from` either.
    if let known = last.withLock({ $0 }), known.from <= offset,
      known.found.map({ offset < $0 }) ?? true
    {
      return known.found
    }
    let found = ByteInput.lineStart(after: offset, in: file)
    last.withLock { $0 = LineSearch(from: offset, found: found) }
    return found
  }
}
