import TableKitDatabase

extension DatabaseSiteLevel {
  /// The level as bytes that differ exactly when the URLs of two levels differ: the identity
  /// rule of routing (UTF-8 bytes), where `==` on the level compares its texts as Swift does
  /// (`é` composed equals `é` decomposed, which are two rows of a table keyed by text).
  ///
  /// Use it, not the level, to key a dictionary of levels whose pages must stay apart.
  package var exactKey: [UInt8] {
    var bytes: [UInt8] = []
    func append(_ text: String) {
      bytes += String(text.utf8.count).utf8
      bytes.append(UInt8(ascii: ":"))
      bytes += text.utf8
    }
    switch self {
    case .index:
      bytes.append(UInt8(ascii: "i"))
    case .list(let table, let page):
      bytes.append(UInt8(ascii: "l"))
      append(table)
      append(String(page))
    case .row(let table, let key):
      bytes.append(UInt8(ascii: "r"))
      append(table)
      append(DatabaseKeyText.encode(key))
    case .facet(let table, let column):
      bytes.append(UInt8(ascii: "f"))
      append(table)
      append(column)
    case .filtered(let table, let columns, let values, let page):
      bytes.append(UInt8(ascii: "w"))
      append(table)
      append(String(page))
      append(String(columns.count))
      for column in columns { append(column) }
      append(DatabaseKeyText.encode(values))
    }
    return bytes
  }
}
