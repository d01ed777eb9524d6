import TableKit

extension NestedValue: DrillDownNode {
  /// A leaf's text; a list's title, or how many items it has ("2 items") when untitled.
  public var title: String {
    switch self {
    case .value(let text): return text
    case .list(_, let title?): return title
    case .list: return childSummary ?? ""
    }
  }

  /// A list's values; `nil` for a leaf.
  public var children: [NestedValue]? {
    switch self {
    case .value: return nil
    case .list(let values, _): return values
    }
  }
}
