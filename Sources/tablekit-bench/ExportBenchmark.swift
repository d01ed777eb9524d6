import Foundation
import TableKit
import TableKitArguments
import TableKitNavigation
import TableRender

/// `tablekit-bench --export FOLDER [FANOUT] [ROWS]`: exports a generated hierarchy as a site.
///
/// The root lists FANOUT groups, each group lists FANOUT items, each item is a leaf table of
/// ROWS rows: 1 + FANOUT + FANOUT² pages (10,101 for the defaults, 100 and 100), every page a
/// table of 100 rows of four columns. Cells are computed from their indexes, so the hierarchy
/// itself takes no memory: what the process holds is the exporter's. `Scripts/export-bench.sh`
/// builds the same content as Markdown for Hugo, from the same formulas.
enum ExportBenchmark {
  /// A destination: the path of row indexes from the root.
  struct Level: NavigationDestination {
    var path: [Int]
  }

  /// A level: its rows computed from the path; rows of non-leaf levels lead deeper.
  final class GeneratedLevel: TableController {
    let path: [Int]
    let fanout: Int

    init(path: [Int], fanout: Int, rows: Int) {
      self.path = path
      self.fanout = fanout
      let title =
        path.isEmpty
        ? "Catalogue" : path.count == 1 ? "Group \(path[0])" : "Item \(path[0])-\(path[1])"
      super.init(
        title: title,
        dataSource: GeneratedRows(path: path, count: path.count < 2 ? fanout : rows))
    }

    override func destination(
      forRowAt position: TablePosition, representing object: Any
    ) -> (any NavigationDestination)? {
      path.count < 2 ? Level(path: path + [position.row]) : nil
    }
  }

  /// Rows of four columns: name, quantity, price, note, from the row's index and its level.
  final class GeneratedRows: TableDataSource {
    let path: [Int]
    let count: Int
    let columns = [
      ColumnDefinition("Name"), ColumnDefinition("Quantity"), ColumnDefinition("Price"),
      ColumnDefinition("Note"),
    ]

    init(path: [Int], count: Int) {
      self.path = path
      self.count = count
    }

    var numberOfSections: Int { 1 }
    func numberOfRows(inSection section: Int) -> Int { count }
    func representedObject(at position: TablePosition) -> Any { position.row }

    func cell(at position: TablePosition) -> Cell {
      var cell = Cell("")
      configureCell(&cell, at: position)
      return cell
    }

    func configureCell(_ cell: inout Cell, at position: TablePosition) {
      let row = position.row
      let seed = (path.reduce(7) { $0 &* 31 &+ $1 } &* 131 &+ row) & 0xFFFF
      let name =
        path.count < 2 ? (path.isEmpty ? "Group \(row)" : "Item \(path[0])-\(row)") : "Line \(row)"
      cell.prepareForReuse(name, kind: "row", isSelectable: path.count < 2, valueCount: 4)
      cell.values[0] = .text(name)
      cell.values[1] = .integer(seed % 97)
      cell.values[2] = .decimal(Double(seed % 10_000) / 100, fractionDigits: 2)
      cell.values[3] = .text("note \(seed % 13) for \(name)")
    }
  }

  /// Runs the export and prints pages, seconds and pages a second.
  static func run(folder: String, fanout: Int, rows: Int) -> Never {
    do {
      let stack = try NavigationController(rootDestination: Level(path: [])) { destination, _ in
        GeneratedLevel(path: (destination as? Level)?.path ?? [], fanout: fanout, rows: rows)
      }
      let start = ContinuousClock.now
      let report = try SiteExporter(siteTitle: "Bench", rowsPerPage: max(fanout, rows))
        .export(stack, toDirectory: folder)
      let elapsed = ContinuousClock.now - start
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print("tablekit export: \(report.pagesWritten) pages in \(String(format: "%.2f", seconds)) s")
      ExitStatus.success.exit()
    } catch {
      stop("export failed: \(error)")
    }
  }
}
