/// A phone number on a contact card; knows nothing of tables.
struct PhoneNumber: Hashable, Sendable {
  var label: String
  var number: String
}
