import TableKit

/// Whether a row's kind is a status kind, worked out once per run of rows of one kind.
///
/// Rows of one kind usually follow each other, and comparing a kind with the last one is cheaper
/// than looking at its prefix again, so a renderer that treats status rows apart pays one
/// comparison per row.
struct StatusKindCache {
  private var lastKind = CellKind.default
  private var lastIsStatus = false

  /// Whether `kind` is a status kind (`CellKind.isStatus`).
  mutating func isStatus(_ kind: CellKind) -> Bool {
    if kind != lastKind {
      lastKind = kind
      lastIsStatus = kind.isStatus
    }
    return lastIsStatus
  }
}
