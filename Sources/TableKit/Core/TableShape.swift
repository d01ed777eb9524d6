/// How many sections a table has and how many rows each holds.
///
/// The ``TableView`` takes its shape from the data source on ``TableView/reloadData()`` and checks every
/// position against it, so a data source that changes without a reload cannot make the table
/// read past the end of its data. Errors carry the shape so their message can say what the
/// valid positions were.
public struct TableShape: Hashable, Sendable {
  /// The number of rows in each section, in section order.
  public let rowCounts: [Int]

  /// Creates a shape from the row count of each section; a negative count is taken as zero.
  ///
  /// - Parameter rowCounts: The number of rows in each section, in section order.
  public init(rowCounts: [Int]) {
    self.rowCounts = rowCounts.map { max(0, $0) }
  }

  /// The shape of a table with no sections.
  public static let empty = TableShape(rowCounts: [])

  /// The number of sections.
  public var numberOfSections: Int { rowCounts.count }

  /// The number of rows in all sections together (`Int.max` if the sum would overflow).
  public var numberOfRows: Int {
    rowCounts.reduce(0) { total, count in
      let (sum, overflow) = total.addingReportingOverflow(count)
      return overflow ? Int.max : sum
    }
  }

  /// Whether the table has no rows at all (no sections, or only empty ones).
  public var isEmpty: Bool { rowCounts.allSatisfy { $0 == 0 } }

  /// The number of rows in `section`, or `nil` when the table has no such section.
  ///
  /// - Parameter section: The section, counted from zero.
  /// - Returns: The row count, or `nil` for a negative section or one past the end.
  public func numberOfRows(inSection section: Int) -> Int? {
    rowCounts.indices.contains(section) ? rowCounts[section] : nil
  }

  /// Whether `position` names a row of this shape.
  ///
  /// - Parameter position: The position to look up.
  /// - Returns: `true` when the section exists and the row is inside it.
  public func contains(_ position: TablePosition) -> Bool {
    guard let rows = numberOfRows(inSection: position.section) else { return false }
    return position.row >= 0 && position.row < rows
  }

  /// Every position of the shape, in display order.
  ///
  /// - Complexity: O(rows); this makes an array of every position, so prefer iterating
  ///   ``rowCounts`` for very large tables.
  public var positions: [TablePosition] {
    var result: [TablePosition] = []
    result.reserveCapacity(min(numberOfRows, 1 << 20))
    for (section, rows) in rowCounts.enumerated() {
      for row in 0..<rows { result.append(TablePosition(section: section, row: row)) }
    }
    return result
  }
}

extension TableShape: CustomStringConvertible {
  /// A summary such as `3 sections with 2, 0 and 4 rows`.
  public var description: String {
    switch rowCounts.count {
    case 0: return "no sections"
    case 1: return "1 section with \(Self.countOfRows(rowCounts[0]))"
    default:
      let counts = rowCounts.map(String.init)
      let list = counts.dropLast().joined(separator: ", ") + " and " + (counts.last ?? "")
      return "\(rowCounts.count) sections with \(list) rows"
    }
  }

  static func countOfRows(_ count: Int) -> String {
    count == 1 ? "1 row" : "\(count) rows"
  }
}

extension TableShape {
  /// The counts `dataSource` answers now, negative counts read as zero.
  init(reading dataSource: any TableDataSource) {
    let sections = max(0, dataSource.numberOfSections)
    self.init(rowCounts: (0..<sections).map { dataSource.numberOfRows(inSection: $0) })
  }
}
