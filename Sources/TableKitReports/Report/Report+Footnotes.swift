import TableKit

extension Report {
  /// Gives every footnote its mark in reading order and builds the layout.
  func markedLayout(
    table: TableView, columnCount: Int, header: [[ReportHeaderCell]]
  ) throws(ReportError) -> ReportLayout {
    var header = header
    let isStream = table.dataSource is any StreamedTableDataSource
    // A grouped stream's groups are known as they are read: any section may come.
    let isGrouped = table.dataSource is any GroupedStreamDataSource
    let rowCounts = isStream ? [Int.max] : table.shape.rowCounts
    func hasSection(_ section: Int) -> Bool {
      isGrouped ? section >= 0 : rowCounts.indices.contains(section)
    }
    // Reading order: phase (title, header, body), then row, column.
    var keyed: [(key: [Int], index: Int)] = []
    for (index, note) in footnotes.enumerated() {
      let key: [Int]
      switch note.target {
      case .title:
        key = [0, 0, 0, 0]
      case .spanner(let spanner):
        let row = header.firstIndex { $0.contains { $0.spannerIndex == spanner } } ?? 0
        key = [1, row, spanners[spanner].columns.lowerBound, 0]
      case .column(let column):
        key = [1, header.count - 1, column, 0]
      case .group(let section):
        guard hasSection(section) else {
          throw .footnoteTargetMissing(footnote: index)
        }
        key = [2, section, -1, 0]
      case .cell(let position, let column):
        guard hasSection(position.section), position.row >= 0,
          isGrouped || position.row < rowCounts[position.section]
        else { throw .footnoteTargetMissing(footnote: index) }
        key = [2, position.section, position.row, column]
      }
      keyed.append((key, index))
    }
    keyed.sort {
      $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.index < $1.index)
    }
    var markOfText: [String: String] = [:]
    var notes: [(mark: String, text: String)] = []
    var titleMarks: [String] = []
    var groupMarks: [Int: [String]] = [:]
    var cellMarks: [TablePosition: [Int: [String]]] = [:]
    for (_, index) in keyed {
      let note = footnotes[index]
      let mark: String
      if let known = markOfText[note.text] {
        mark = known
      } else {
        mark = footnoteMarks.mark(at: notes.count)
        markOfText[note.text] = mark
        notes.append((mark, note.text))
      }
      switch note.target {
      case .title:
        titleMarks.append(mark)
      case .spanner(let spanner):
        for row in header.indices {
          for cell in header[row].indices where header[row][cell].spannerIndex == spanner {
            header[row][cell].marks.append(mark)
          }
        }
      case .column(let column):
        header[header.count - 1][column].marks.append(mark)
      case .group(let section):
        groupMarks[section, default: []].append(mark)
      case .cell(let position, let column):
        cellMarks[position, default: [:]][column, default: []].append(mark)
      }
    }
    return ReportLayout(
      report: self, columnCount: columnCount, headerRows: header, titleMarks: titleMarks,
      groupMarks: groupMarks, cellMarks: cellMarks, notes: notes)
  }
}
