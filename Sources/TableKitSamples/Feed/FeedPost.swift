/// A post of the sample feed: what a paged social or news feed returns, one page at a time.
struct FeedPost: Identifiable, Equatable, Sendable, Codable {
  var id: Int
  var author: String
  var title: String
  var likes: Int
}
