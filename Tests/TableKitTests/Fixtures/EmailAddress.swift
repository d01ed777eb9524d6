/// An e-mail address on a contact card.
struct EmailAddress: Hashable, Sendable {
  var label: String
  var address: String
}
