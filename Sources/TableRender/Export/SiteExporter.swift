import TableKit
import TableKitFiles
public import TableKitNavigation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes every level reachable from a navigation stack as a small static site of linked,
/// valid, accessible pages.
///
/// The exporter walks the stack with a `NavigationWalker` (so each level is made the way a
/// person's tap makes it) and writes one page per level with the ``HTMLTableRenderer``: the
/// level's columns, representations and links as on screen, breadcrumbs back to every
/// ancestor, and each row that leads deeper a link to that level's page. The root level is
/// `index.html`; `sitemap.xml` lists exactly the pages written.
///
/// ```swift
/// let stack = NavigationController(drillingInto: tree, title: "Brands")
/// var exporter = SiteExporter(siteTitle: "Cars", baseURL: "https://example.com/cars/")
/// exporter.rowsPerPage = 50
/// let report = try exporter.export(stack, toDirectory: "site")
/// print("\(report.pagesWritten) pages")
/// ```
///
/// Each level's file comes from its canonical URL (``canonicalURL``, by default made from the
/// rows selected to reach it and the levels' titles) through ``SitePageNaming``, a mapping that
/// is stable, injective and safe whatever the titles and IDs hold; two levels that would share a
/// file stop the export with ``SiteExportError/pathCollision(path:first:second:)``. A level with
/// more than ``rowsPerPage`` rows is split into pages with previous and next links.
///
/// Before anything is published, every internal link written is checked to lead to a page
/// written; a cycle (a row leading back to a level on its own path) links to that level's page;
/// the depth and page limits stop with a message naming the level. A level whose model failed
/// to load gets a page that says so, and the export throws
/// ``SiteExportError/levelsFailedToLoad(_:)`` unless ``keepsGoing``.
///
/// Pages are written as the walk finishes with each level, so memory holds only the levels on
/// the current path (and one name per page for the link check and the sitemap), however large
/// the hierarchy. The output is deterministic: the same hierarchy gives the same bytes.
public struct SiteExporter: Sendable {
  /// The site's name, shown after each page's title in the browser's tab; `nil` for none.
  public var siteTitle: String?
  /// The pages' language, a BCP 47 tag such as `en` (escaped, not checked).
  public var language: String
  /// How many rows a page holds before the level continues on another page.
  public var rowsPerPage: Int
  /// How many levels below the root the export may go.
  public var maximumDepth: Int
  /// How many pages the export may write (a level's extra pages included).
  public var maximumPages: Int
  /// Whether levels that failed to load are only reported (`true`) or fail the export.
  public var keepsGoing: Bool
  /// The URL the site will be served from (`https://example.com/cars/`), for the sitemap's
  /// absolute addresses and each page's canonical link; `nil` writes relative addresses.
  public var baseURL: String?
  /// The header titles of a level that declares no columns (its cells' text and detail).
  public var implicitColumnTitles: [String]
  /// What a page says in place of a paged model's load-more row.
  public var notLoadedText: String
  /// The canonical URL of a visited level, which names its page.
  ///
  /// The default is ``defaultCanonicalURL(_:)``. Give a router's URLs here.
  public var canonicalURL: @Sendable (NavigationVisit) -> String
  /// The files the export reads, such as the data file its hierarchy was made from: a folder
  /// holding one of them (at any depth) is never replaced.
  public var inputPaths: [String]
  /// Whether ``export(_:toDirectory:)`` may replace a non-empty folder TableKit did not write.
  ///
  /// Such a folder has no `SafeWrite.writtenMarker` file; `false` by default. Never the
  /// current directory, a folder above it or a folder holding one of ``inputPaths``.
  public var replacesForeignFolder: Bool
  /// The hex digits of a lossy name's hash; fewer only in tests that need names to collide.
  package var hashDigits = SitePageNaming.hashLength
  /// Called after each page is written into the staged folder, for a progress line; it runs
  /// on the exporting thread and must return at once.
  package var pageWritten: (@Sendable () -> Void)?

  /// Creates an exporter.
  ///
  /// - Parameters:
  ///   - siteTitle: The site's name, or `nil`.
  ///   - rowsPerPage: How many rows a page holds (at least 1).
  ///   - maximumDepth: How many levels below the root the export may go.
  ///   - maximumPages: How many pages it may write.
  ///   - baseURL: Where the site will be served, or `nil`.
  public init(
    siteTitle: String? = nil,
    rowsPerPage: Int = 100,
    maximumDepth: Int = 32,
    maximumPages: Int = 100_000,
    baseURL: String? = nil
  ) {
    self.siteTitle = siteTitle
    self.language = "en"
    self.rowsPerPage = max(1, rowsPerPage)
    self.maximumDepth = maximumDepth
    self.maximumPages = maximumPages
    self.keepsGoing = false
    self.baseURL = baseURL
    self.implicitColumnTitles = ["Name", "Detail"]
    self.notLoadedText = "More rows were not loaded when this page was exported"
    self.canonicalURL = SiteExporter.defaultCanonicalURL
    self.inputPaths = []
    self.replacesForeignFolder = false
  }

  /// The default canonical URL of a level: `/` for the starting level, then one segment per
  /// level, its row number (from 1, counted across sections) and its title as a slug:
  /// `/2-bmw/3-bmw-i4`.
  ///
  /// In a drill-down the row numbers are the `DrillDownDestination.path`. The numbers make
  /// every level's URL its own even when titles repeat; a router's URLs read better.
  ///
  /// - Parameter visit: The level.
  /// - Returns: Its URL.
  public static func defaultCanonicalURL(_ visit: NavigationVisit) -> String {
    guard visit.level > 0, let stack = visit.controller.navigationController else { return "/" }
    let levels = stack.controllers
    let start = levels.count - 1 - visit.level
    let drillDown = (visit.controller.navigationDestination as? DrillDownDestination)?.path
    var url = ""
    for step in 0..<visit.level {
      let index: Int
      if let drillDown, drillDown.count == visit.level {
        index = drillDown[step]
      } else {
        let position = visit.rowPath[step]
        let counts = levels[start + step].table.shape.rowCounts
        index = counts.prefix(position.section).reduce(0, +) + position.row
      }
      let slug = SitePageNaming.slug(levels[start + step + 1].title ?? "")
      url += "/\(index + 1)" + (slug.isEmpty ? "" : "-" + slug)
    }
    return url
  }

  /// Exports every level reachable from `stack`'s top level into the folder at `path`,
  /// replacing what it held only once the whole site is written and checked.
  ///
  /// The site is written with `SafeWrite.directory(at:protecting:replacesForeignFolder:_:)`:
  /// into a hidden folder beside `path`, synchronised, then swapped into place in one step, so a
  /// reader (or a crash at any moment) finds the old site or the new one, never a mix, and no
  /// stale page survives.
  ///
  /// It never deletes what it did not write: before the walk it refuses the current directory
  /// or a folder above it, a folder holding one of ``inputPaths``, and, unless
  /// ``replacesForeignFolder``, a non-empty folder that TableKit did not write. A site it
  /// writes holds the marker file `.written-by-tablekit` at its root, so the next export
  /// replaces it.
  ///
  /// Exporting again over such a site writes only what changed: a file whose bytes equal the
  /// old site's file at the same path is hard-linked from the old folder into the staged one
  /// (written after all where linking fails, such as across file systems), so it keeps its
  /// inode and modification time; files the new site no longer has are not in the new folder.
  /// The report counts the files written, unchanged and removed.
  ///
  /// - Parameters:
  ///   - stack: The stack to walk from its top level; left as it was.
  ///   - path: The site's folder.
  /// - Returns: What was written.
  /// - Throws: ``SiteExportError``; the folder is then as it was (unless the safe write says
  ///   otherwise in ``SiteExportError/cannotWrite(_:)``). A refused folder is
  ///   ``SiteExportError/cannotWrite(_:)`` with `SafeWriteError.Operation.refuse(_:)`.
  @discardableResult
  public func export(
    _ stack: NavigationController, toDirectory path: String
  ) throws(SiteExportError) -> SiteExportReport {
    // Typed closures all the way down: every failure arrives as what it is, none is invented.
    let fill = { (staged: StagedDirectory) throws(SiteExportError) in
      var stored = StagedDirectory.StoredFiles()
      var report = try export(stack) { (file, bytes) throws(SiteExportError) in
        stored.count(
          try staged.writeFile(file, contents: bytes, failure: SiteExportError.cannotWrite))
      }
      (report.filesWritten, report.filesUnchanged) = (stored.written, stored.unchanged)
      report.filesRemoved = staged.previousFilesNotStaged()
      return report
    }
    return try SafeWrite.directory(
      at: path, protecting: inputPaths, replacesForeignFolder: replacesForeignFolder,
      failure: SiteExportError.cannotWrite, fill)
  }

  /// Exports every level reachable from `stack`'s top level through `write`, which is handed
  /// each file's path relative to the site's folder and its bytes.
  ///
  /// - Parameters:
  ///   - stack: The stack to walk from its top level; left as it was.
  ///   - write: Stores one file.
  /// - Returns: What was written.
  /// - Throws: ``SiteExportError``, from the walk, the checks or `write`.
  package func export(
    _ stack: NavigationController,
    writingFilesWith write: (_ path: String, _ bytes: [UInt8]) throws(SiteExportError) -> Void
  ) throws(SiteExportError) -> SiteExportReport {
    var run = SiteExportRun(exporter: self)
    let walker = NavigationWalker(maximumDepth: maximumDepth, maximumLevels: maximumPages)
    let walk: NavigationWalkReport
    do {
      walk = try walker.walk(stack) { visit in run.visit(visit, write: write) }
    } catch {
      throw .navigation(error)
    }
    return try run.finish(walk: walk, write: write)
  }
}
