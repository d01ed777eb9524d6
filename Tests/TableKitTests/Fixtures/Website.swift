/// A web address: the type added after both data sources were written.
struct Website: Hashable, Sendable {
  var url: String
}
