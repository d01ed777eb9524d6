import TableKit
import TableKitNavigation

/// The nested-list sample of `tablekit browse --nested`: the list of the documents TableKit
/// grew from, `["a", "b", ["1", "2"], "c"]`, and an empty list to show an empty level.
enum NestedSample {
  static let title = "Nested list"

  static let value: NestedValue = ["a", "b", ["1", "2"], "c", .list([], title: "Empty")]
}
