import TableKit
import TableKitModels
import Testing

// The code of the DocC article "Loading and paging", as it is written there, so the article's
// example compiles and does what the article says.

struct Story: Identifiable, Equatable, Decodable, Sendable {
  var id: Int
  var title: String
}

extension Story: TableRepresentable {
  var tableCell: Cell { Cell(title, kind: "story") }
}

/// The article's API: 120 stories, served a page at a time.
struct StoryAPI: Sendable {
  var count = 120

  func stories(page: Int, pageSize: Int) async throws -> [Story] {
    let start = min(page * pageSize, count)
    return (start..<min(start + pageSize, count)).map { Story(id: $0, title: "Story \($0)") }
  }
}

@MainActor
func showStories(from api: StoryAPI) async throws -> TableView {
  let stories = PagedModel<Story>(pageSize: 50) { page, pageSize in
    try await api.stories(page: page, pageSize: pageSize)
  }
  let source = ModelDataSource(model: stories, title: "Stories", emptyMessage: "No stories yet")
  let table = TableView(dataSource: source)

  await stories.load()  // page 0: 50 stories, then a "Load more" row
  try table.selectRow(at: TablePosition(section: 0, row: 50))  // the user asks for more
  await source.pendingLoad?.value  // page 1 was inserted: 100 stories, then "Load more"
  return table
}

@MainActor @Suite struct LoadingAndPagingArticleTests {
  @Test func thePagedFeedShowsTwoPagesAndALoadMoreRow() async throws {
    let table = try await showStories(from: StoryAPI())
    #expect(table.shape == TableShape(rowCounts: [101]))
    #expect(try table.cell(at: TablePosition(section: 0, row: 99)).text == "Story 99")
    #expect(try table.cell(at: TablePosition(section: 0, row: 100)).kind == .loadMore)
    #expect(try table.titleForHeader(inSection: 0) == "Stories")
  }

  @Test func sectionsLoadOnTheirOwn() async throws {
    let pinnedStories = [Story(id: 1000, title: "Welcome")]
    let latestStories = PagedModel<Story>(pageSize: 2) { page, size in
      try await StoryAPI(count: 3).stories(page: page, pageSize: size)
    }
    let popularStories = PagedModel<Story>(pageSize: 2) { page, size in
      try await StoryAPI(count: 0).stories(page: page, pageSize: size)
    }

    let pinned = SectionedDataSource(items: pinnedStories)
    let latest = ModelDataSource(model: latestStories, title: "Latest")
    let popular = ModelDataSource(model: popularStories, title: "Popular")
    let home = TableView(dataSource: ComposedDataSource([pinned, latest, popular]))

    await latestStories.load()
    await popularStories.load()
    #expect(home.shape == TableShape(rowCounts: [1, 3, 1]))
    #expect(try home.cell(at: TablePosition(section: 1, row: 2)).kind == .loadMore)
    #expect(try home.cell(at: TablePosition(section: 2, row: 0)).kind == .empty)
  }
}
