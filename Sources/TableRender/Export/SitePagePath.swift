/// Where a level's pages live in the site: the names of its folders and its file, as
/// ``SitePageNaming`` made them.
///
/// A level at `brands/b1` writes its first page to `brands/b1.html` and its further pages to
/// `brands/b1~page-2.html`, `brands/b1~page-3.html`…; the root level writes `index.html` and
/// `index~page-2.html`. Its children live in the folder `brands/b1/`.
public struct SitePagePath: Hashable, Sendable {
  /// The folder and file names, root first; empty for the root level.
  public var segments: [String]

  /// Creates a path from names that are already safe (as ``SitePageNaming`` makes them).
  ///
  /// - Parameter segments: The names, root first.
  public init(segments: [String]) {
    self.segments = segments
  }

  /// The file of page `page` (1 for the first), relative to the site's folder.
  ///
  /// - Parameter page: The page number, from 1.
  /// - Returns: A relative path such as `brands/b1~page-2.html`.
  public func file(page: Int = 1) -> String {
    var stem = segments.isEmpty ? "index" : segments.joined(separator: "/")
    if page > 1 { stem += "~page-\(page)" }
    return stem + ".html"
  }

  /// The relative URL that leads from the page in file `from` to the file `to`, both relative
  /// to the site's folder: `../b2.html` from `brands/b1/m1.html` to `brands/b2.html`.
  ///
  /// - Parameters:
  ///   - from: The file that holds the link.
  ///   - to: The file it leads to.
  /// - Returns: The `href`.
  public static func href(from: String, to: String) -> String {
    var fromFolders = from.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var toParts = to.split(separator: "/", omittingEmptySubsequences: false)
    while let first = fromFolders.first, toParts.count > 1, toParts.first == first {
      fromFolders.removeFirst()
      toParts.removeFirst()
    }
    let ups = repeatElement("..", count: fromFolders.count)
    return (ups + toParts.map(String.init)).joined(separator: "/")
  }

}
