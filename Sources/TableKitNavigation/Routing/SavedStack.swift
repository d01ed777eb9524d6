public import TableKit

/// A navigation stack saved as a small, versioned, `Codable` value: each level's URL and
/// selection.
///
/// ``Router/save(_:)`` writes it as JSON text and ``Router/restore(_:resolver:factory:)``
/// reads it back. The text of version 2, the current one:
///
/// ```json
/// {"levels":[{"selection":[[0,1]],"url":"cars:\/\/brands"},{"url":"cars:\/\/brands\/bmw\/models"}],"version":2}
/// ```
///
/// Version 1 held only the URLs (`{"urls":[…],"version":1}`); it is read and migrated to
/// version 2 with no selections. A version newer than ``currentVersion`` is not guessed at:
/// restoring it restores nothing and says so.
public struct SavedStack: Codable, Hashable, Sendable {
  /// The format this version writes, and the newest it reads.
  public static let currentVersion = 2

  /// The longest saved text read, in bytes: 1 MiB.
  public static let maximumLength = 1 << 20

  /// The format version.
  public var version: Int

  /// The levels, root first.
  public var levels: [SavedLevel]

  /// Creates a saved stack of the current version.
  ///
  /// - Parameter levels: The levels, root first.
  public init(levels: [SavedLevel]) {
    self.version = Self.currentVersion
    self.levels = levels
  }
}

/// One level of a ``SavedStack``: its URL and the rows selected in it.
public struct SavedLevel: Codable, Hashable, Sendable {
  /// The level's canonical URL.
  public var url: String

  /// The selected rows, as `[section, row]` pairs; absent when none is selected.
  public var selection: [[Int]]?

  /// Creates a saved level.
  ///
  /// - Parameters:
  ///   - url: The level's URL.
  ///   - selection: The selected rows.
  public init(url: String, selection: [TablePosition] = []) {
    self.url = url
    self.selection = selection.isEmpty ? nil : selection.map { [$0.section, $0.row] }
  }

  /// The selected rows as positions, or `nil` when a pair is not two integers.
  var positions: [TablePosition]? {
    var positions: [TablePosition] = []
    for pair in selection ?? [] {
      guard pair.count == 2 else { return nil }
      positions.append(TablePosition(section: pair[0], row: pair[1]))
    }
    return positions
  }
}
