/// A postal address on a contact card.
struct PostalAddress: Hashable, Sendable {
  var label: String
  var street: String
  var city: String
  var postcode: String
}
