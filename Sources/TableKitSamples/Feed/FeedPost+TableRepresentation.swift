import TableKit

extension CellKind {
  static let feedPost: CellKind = "feed-post"
}

extension FeedPost: TableRepresentable {
  var tableCell: Cell {
    Cell("#\(id) \(title)", detail: "\(author) · \(likes) likes", kind: .feedPost)
  }
}
