/// Why a ``TableSnapshot`` refused an edit: a duplicate identifier, or one it does not hold.
///
/// A refused edit leaves the snapshot as it was. A duplicate names the identifier and both of its
/// places, so the message says which two rows (or sections) claim the same identity:
///
/// ```text
/// Item "ada" appears twice: at (0, 1) and again at (1, 0). Item identifiers must be unique
/// across all sections.
/// ```
///
/// Apple's diffable data source stops the app on a duplicate identifier; here it is a value to
/// handle.
public enum TableSnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
  Hashable
{
  /// A section identifier was added that the snapshot already holds.
  ///
  /// - Parameters:
  ///   - identifier: The section identifier.
  ///   - existing: The index of the section that already has it.
  ///   - duplicate: The index the second one would have had.
  case duplicateSection(SectionID, existing: Int, duplicate: Int)

  /// An item identifier was added that the snapshot already holds.
  ///
  /// - Parameters:
  ///   - identifier: The item identifier.
  ///   - existing: The position of the item that already has it.
  ///   - duplicate: The position the second one would have had.
  case duplicateItem(ItemID, existing: TablePosition, duplicate: TablePosition)

  /// A section identifier was named that the snapshot does not hold.
  case sectionNotFound(SectionID)

  /// An item identifier was named that the snapshot does not hold.
  case itemNotFound(ItemID)

  /// Items were appended without naming a section, and the snapshot has no section to take them.
  case noSections
}

extension TableSnapshotError: CustomStringConvertible {
  /// A sentence naming the identifier and, for a duplicate, both of its places.
  public var description: String {
    switch self {
    case .duplicateSection(let identifier, let existing, let duplicate):
      return "Section \(Self.quoted(identifier)) appears twice: at section \(existing) and again "
        + "at section \(duplicate). Section identifiers must be unique."
    case .duplicateItem(let identifier, let existing, let duplicate):
      return "Item \(Self.quoted(identifier)) appears twice: at \(existing.spelledOut) and "
        + "again at \(duplicate.spelledOut). Item identifiers must be unique across all sections."
    case .sectionNotFound(let identifier):
      return "The snapshot has no section \(Self.quoted(identifier))."
    case .itemNotFound(let identifier):
      return "The snapshot has no item \(Self.quoted(identifier))."
    case .noSections:
      return "Items were appended, but the snapshot has no section to hold them; "
        + "append a section first."
    }
  }

  private static func quoted(_ value: some Any) -> String {
    String(reflecting: value)
  }
}
