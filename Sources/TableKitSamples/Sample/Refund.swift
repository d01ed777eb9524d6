/// Money returned against an earlier invoice.
struct Refund: Hashable, Sendable {
  var invoiceNumber: String
  var reason: String
  var issued: String
  var amountInCents: Int
}
