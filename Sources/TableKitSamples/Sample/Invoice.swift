/// A bill sent to a customer; a model type that knows nothing of tables.
struct Invoice: Hashable, Sendable {
  var number: String
  var customer: String
  var issued: String
  var amountInCents: Int
}
