import TableKit

/// A drill-down path shared with its parent: one child index and a link to the path it extends.
///
/// A level's path is its parent's path and one index more. Stored as arrays, every level would
/// copy its parent's indexes, so a walk or a person drilling `d` levels deep would copy
/// `d²/2` of them; linked, making a child's path, hashing it and telling it from another level
/// on the same walk are O(1), and the indexes are read out (O(depth)) only when asked for.
package final class DrillDownPath: Sendable {
  /// The path this one extends, `nil` for the root's empty path.
  package let parent: DrillDownPath?
  /// The last index; unused (0) for the root.
  package let index: Int
  /// How many indexes the path holds.
  package let count: Int
  /// A hash of the indexes, computed as the path is extended; equal paths have equal values.
  package let digest: UInt64

  /// The root's empty path.
  package init() {
    parent = nil
    index = 0
    count = 0
    digest = StableHash().value
  }

  /// The path of `parent` and one index more.
  package init(parent: DrillDownPath, index: Int) {
    self.parent = parent
    self.index = index
    count = parent.count + 1
    // FNV-1a over the indexes' bits, one index a step.
    var hash = StableHash(continuing: parent.digest)
    hash.combine(word: UInt64(bitPattern: Int64(index)))
    digest = hash.value
  }

  /// The path of `indexes`, from the root's.
  ///
  /// - Parameter indexes: Child indexes from the root, one per level.
  /// - Returns: The path.
  package static func of(_ indexes: [Int]) -> DrillDownPath {
    var path = DrillDownPath()
    for index in indexes { path = DrillDownPath(parent: path, index: index) }
    return path
  }

  /// The indexes, root first.
  ///
  /// - Complexity: O(``count``).
  package var indexes: [Int] {
    var result = [Int](repeating: 0, count: count)
    var node = self
    for position in stride(from: count - 1, through: 0, by: -1) {
      result[position] = node.index
      if let parent = node.parent { node = parent }
    }
    return result
  }

  /// Whether the two paths hold the same indexes.
  ///
  /// - Complexity: O(1) for paths of different lengths or digests, and for a path and itself;
  ///   otherwise up to the part the two share.
  package func holdsSameIndexes(as other: DrillDownPath) -> Bool {
    guard count == other.count, digest == other.digest else { return false }
    var left: DrillDownPath? = self
    var right: DrillDownPath? = other
    while let l = left, let r = right, l !== r {
      guard l.index == r.index else { return false }
      left = l.parent
      right = r.parent
    }
    return true
  }
}
