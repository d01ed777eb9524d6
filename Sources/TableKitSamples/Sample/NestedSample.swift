import TableKit
package import TableKitNavigation

/// The nested-list sample of `tablekit browse --nested`: the list of the documents TableKit
/// grew from, `["a", "b", ["1", "2"], "c"]`, and an empty list to show an empty level.
package enum NestedSample {
  package static let title = "Nested list"

  package static let value: NestedValue = ["a", "b", ["1", "2"], "c", .list([], title: "Empty")]
}
