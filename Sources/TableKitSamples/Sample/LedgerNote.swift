/// A remark kept in the ledger between money movements.
struct LedgerNote: Hashable, Sendable {
  var written: String
  var text: String
}
