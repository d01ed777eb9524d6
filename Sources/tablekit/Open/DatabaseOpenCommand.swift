import TableKit
import TableKitArguments
import TableKitDatabase
import TableKitDatabaseSite
import TableKitFiles
import TableKitNavigation
import TableRender

/// `tablekit open data.db <url>`: the levels a route of a database's site opens, from the
/// index to the URL's own, each as the site's page shows it.
enum DatabaseOpenCommand {
  /// Prints the levels `url` opens in the site of the database at `path`.
  ///
  /// - Returns: The exit status; failures end the process with a message.
  static func run(_ options: OpenOptions, database path: String, url: String) -> ExitStatus {
    var standardOutput = FileDescriptorStream.standardOutput
    let builder: DatabaseSiteBuilder
    let destinations: [DatabaseSiteLevel]
    do {
      let database = try Database(path: path)
      builder = try DatabaseSiteBuilder(
        database: database, rowsPerPage: options.rowsPerPage,
        indexTitle: DatabaseSiteCommand.defaultTitle(path))
    } catch {
      fail(error.description, status: DatabaseInput.status(for: error, path: path))
    }
    do {
      destinations = try builder.router.destinations(for: url)
    } catch {
      fail(clause(error.description), status: ExitStatus(.routing(error)))
    }
    var levels: [OpenedLevel] = []
    for level in destinations {
      let page: DatabaseSitePage
      do {
        page = try builder.page(for: level)
      } catch {
        switch error {
        case .database(let failure):
          fail(failure.description, status: DatabaseInput.status(for: failure, path: path))
        case .noSuchLevel, .site:
          fail(clause(error.description), status: .unavailable)
        }
      }
      var breadcrumbs = page.breadcrumbs.map(\.title).joined(separator: " › ")
      if page.count > 1 { breadcrumbs += " (page \(page.number) of \(page.count))" }
      for section in page.sections {
        levels.append(
          OpenedLevel(
            breadcrumbs: breadcrumbs + (section.heading.map { " › " + $0 } ?? ""),
            url: builder.url(of: level), table: TableView(dataSource: section.table)))
      }
    }
    var text = ""
    OpenedStackWriter(options: options).write(levels, to: &text)
    guard let output = options.output.outputPath else {
      print(text, terminator: "", to: &standardOutput)
      return .success
    }
    do {
      try SafeWrite.file(at: output) { file in try file.write(text) }
    } catch {
      fail("\(error)", status: .ioError)
    }
    return .success
  }
}
