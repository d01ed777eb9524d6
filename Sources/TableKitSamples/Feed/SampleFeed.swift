package import TableKit
import TableKitModels

/// The paged sample: a generated feed of posts loaded a page at a time by a `PagedModel`, shown
/// by a `ModelDataSource` with its status rows (load more, failure, empty).
package enum SampleFeed {
  static let title = "Feed — Northwind Studio"

  /// What `--sample feed` was asked for.
  package struct Settings {
    /// Posts per page (`--page-size`).
    package var pageSize = 20
    /// Pages to load before rendering (`--pages`); 0 renders the model before any load.
    package var pages = 1
    /// Posts the feed holds in all (`--feed-size`); 0 shows the empty row.
    package var count = 120
    /// A page whose load fails (`--fail-page`), to show the failure row.
    package var failingPage: Int?
    /// The folder pages are kept in (`--cache`), or `nil` for no cache.
    package var cacheFolder: String?

    /// The default feed: 120 posts, 20 a page, one page loaded, no failure, no cache.
    package init() {}
  }

  /// How long a page saved with `--cache` stays fresh, in seconds.
  static let cacheLifetime: Double = 60

  /// A page failing on purpose.
  struct PageError: Error, CustomStringConvertible {
    var page: Int
    var description: String { "Page \(page) of the sample feed could not be loaded (--fail-page)." }
  }

  static let authors = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
  static let topics = ["release notes", "a design review", "the roadmap", "a bug hunt"]

  /// The posts of one page of a feed of `count` posts.
  static func page(_ page: Int, pageSize: Int, count: Int) -> [FeedPost] {
    let start = min(max(0, page) * pageSize, count)
    return (start..<min(start + pageSize, count)).map { id in
      FeedPost(
        id: id + 1, author: authors[id % authors.count],
        title: "Notes on \(topics[(id / authors.count) % topics.count])", likes: (id * 37) % 100)
    }
  }

  /// Loads the pages `settings` asks for and returns a controller showing the feed.
  ///
  /// - Parameters:
  ///   - settings: Page size, pages to load, feed size and a failing page.
  ///   - isolation: The actor the model lives on: the main actor of the command line.
  /// - Returns: A controller bound to the model's data source.
  package static func makeController(
    _ settings: Settings,
    isolation: isolated (any Actor) = #isolation
  ) async -> TableController {
    let count = settings.count
    let failingPage = settings.failingPage
    let source: PagedModel<FeedPost>.PageLoader = { page, pageSize in
      if page == failingPage { throw PageError(page: page) }
      return Self.page(page, pageSize: pageSize, count: count)
    }
    let model: PagedModel<FeedPost>
    if let folder = settings.cacheFolder {
      // One feed per size, so a run with another --feed-size never shows this one's pages.
      let loader = PageCache(folder: folder).pageLoader(
        lifetime: cacheLifetime, key: { "sample-feed/\(count)/\($1)/\($0)" }, loader: source)
      model = PagedModel(pageSize: settings.pageSize, cachingLoader: loader)
    } else {
      model = PagedModel(pageSize: settings.pageSize, loader: source)
    }
    let posts = ModelDataSource(model: model, title: "Posts", emptyMessage: "No posts yet")
    var pagesLoaded = 0
    while pagesLoaded < settings.pages, model.hasMore, model.loadState.error == nil {
      await model.load(more: pagesLoaded > 0)
      pagesLoaded += 1
    }
    return TableController(title: title, dataSource: posts)
  }
}
