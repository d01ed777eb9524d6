/// An entry of a contact list: identified, so a list of them can be diffed; knows nothing of
/// tables.
struct Person: Identifiable, Hashable, Sendable {
  var id: String
  var name: String
}
