import TableKit

/// What the command line asks of a table's shape: which columns, in which order of rows, in
/// which groups, with which title and footer.
///
/// Sorting and grouping need every row before the first is shown, so a table that is sorted or
/// grouped is held in memory; one that is not streams (``RecordStreamDataSource``).
///
/// Sorting is stable and compares values by kind: numbers by value (integers and exact decimals
/// exactly, `2` before `10`), then `false` before `true`, then text by Unicode scalar values;
/// empty cells come last either way. `--sort -col` reverses the order of the values that are
/// not empty.
package struct TableShaping: Sendable {
  /// The columns to show, in order, by title; `nil` for all.
  package var columns: [String]?
  /// The column to sort by, and whether from the largest down.
  package var sort: (column: String, descending: Bool)?
  /// The column whose values make sections, one per value in the order first seen.
  package var groupBy: String?
  /// Whether the input is grouped by ``groupBy`` already (each group's rows together), so the
  /// rows stream (``GroupedRecordStream``) instead of being held: a group that comes back
  /// after another is then an error, never a second section.
  package var isGrouped = false
  /// The table's title; `nil` keeps the input's own (a JSON document's `title`).
  package var title: String?
  /// Text below each section's rows.
  package var footer: String?
  /// Whether each section's footer says how many rows it has.
  package var countsRows = false

  /// Creates a shaping that keeps the table as it is.
  package init() {}

  /// Whether every row must be read before the first is shown: to sort them, or to group
  /// input that is not grouped already.
  package var needsAllRows: Bool { sort != nil || (groupBy != nil && !isGrouped) }

  /// The columns a streaming reader reads, by title: the columns shown and the one grouped by;
  /// `nil` for all (and when every row is held, since shaping them may need any column).
  package var streamedColumns: [String]? {
    guard !needsAllRows, var columns else { return nil }
    if let groupBy, !columns.contains(groupBy) { columns.append(groupBy) }
    return columns
  }

  /// The document `document` becomes: columns chosen, rows sorted and grouped, footers set.
  ///
  /// - Parameters:
  ///   - document: The table as read.
  ///   - inputName: The input as messages name it.
  /// - Returns: The shaped table.
  /// - Throws: ``TableInputError/Reason/unknownColumn(_:available:)`` for a column it lacks.
  package func apply(to document: JSONTableDocument, inputName: String) throws(TableInputError)
    -> JSONTableDocument
  {
    let all = document.columns
    func index(of name: String) throws(TableInputError) -> Int {
      guard let index = all.firstIndex(of: name) else {
        throw TableInputError(
          path: inputName, position: nil, reason: .unknownColumn(name, available: all))
      }
      return index
    }
    var shown = try RecordStreamDataSource.projection(
      of: columns, in: all, path: inputName)
    let groupIndex: Int?
    if let groupBy {
      let found = try index(of: groupBy)
      groupIndex = found
      shown.removeAll { $0 == found }
    } else {
      groupIndex = nil
    }
    let sortIndex = try sort.map { sort throws(TableInputError) in try index(of: sort.column) }
    var sections: [JSONTableDocument.Section]
    if let groupIndex {
      var order: [String] = []
      var groups: [String: [[CellValue]]] = [:]
      var rowNumber = 0
      for section in document.sections {
        for row in section.rows {
          rowNumber += 1
          let key = groupIndex < row.count ? row[groupIndex].text : ""
          if groups[key] == nil {
            order.append(key)
          } else if isGrouped, key != order.last, let groupBy {
            throw TableInputError(
              path: inputName, position: nil,
              reason: .groupComesBack(column: groupBy, key: key, row: rowNumber))
          }
          groups[key, default: []].append(row)
        }
      }
      sections = order.map { key in
        JSONTableDocument.Section(header: key.isEmpty ? "(empty)" : key, rows: groups[key] ?? [])
      }
    } else {
      sections = document.sections
    }
    for index in sections.indices {
      if let sortIndex, let sort {
        sections[index].rows = Self.sorted(
          sections[index].rows, by: sortIndex, descending: sort.descending)
      }
      if shown != Array(all.indices) {
        sections[index].rows = sections[index].rows.map { row in
          shown.map { $0 < row.count ? row[$0] : .empty }
        }
      }
      sections[index].footer = footerText(
        rows: sections[index].rows.count, original: sections[index].footer)
    }
    return JSONTableDocument(
      title: title ?? document.title, columns: shown.map { all[$0] }, sections: sections)
  }

  /// The footer for a section of `rows` rows.
  package func footerText(rows: Int, original: String?) -> String? {
    let text = footer ?? original
    guard countsRows else { return text }
    let count = rows == 1 ? "1 row" : "\(rows) rows"
    guard let text else { return count }
    return "\(text) (\(count))"
  }

  /// `rows` sorted stably by the values in `column`.
  static func sorted(_ rows: [[CellValue]], by column: Int, descending: Bool) -> [[CellValue]] {
    let keys = rows.map { SortKey($0.indices.contains(column) ? $0[column] : .empty) }
    let order = rows.indices.sorted { left, right in
      let (a, b) = (keys[left], keys[right])
      if a == b { return left < right }
      if a.isEmpty || b.isEmpty { return b.isEmpty }
      return descending ? b < a : a < b
    }
    return order.map { rows[$0] }
  }
}

/// A value as sorting sees it: numbers exactly by value, then booleans, then text, then empty.
struct SortKey: Comparable {
  /// The kind's place in the order.
  private let rank: Int
  /// For numbers: the sign, the integer digits without leading zeros, and the fraction digits
  /// without trailing zeros; for other kinds, the text.
  private let isNegative: Bool
  private let whole: String
  private let fraction: String

  var isEmpty: Bool { rank == 3 }

  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(width - digits.count, 0)) + digits
  }

  init(_ value: CellValue) {
    switch value {
    case .integer, .decimal, .exactDecimal, .money, .percent:
      rank = 0
      var text: String
      switch value {
      case .money(let money): text = money.amount.description
      case .percent(let fraction): text = fraction.description
      default: text = value.text
      }
      isNegative = text.hasPrefix("-")
      if isNegative { text.removeFirst() }
      let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      let integer = parts.first.map(String.init) ?? ""
      whole = String(integer.drop { $0 == "0" })
      var decimals = parts.count > 1 ? String(parts[1]) : ""
      while decimals.hasSuffix("0") { decimals.removeLast() }
      fraction = decimals
    case .boolean(let flag):
      rank = 1
      isNegative = false
      whole = flag ? "1" : "0"
      fraction = ""
    case .text(let text):
      rank = 2
      isNegative = false
      whole = text
      fraction = ""
    case .date(let date):
      // Chronologically: the fields zero-padded compare as text in time order (the offset from
      // UTC is not applied; values in one column share one).
      rank = 2
      isNegative = false
      whole =
        Self.padded(date.year, 4) + Self.padded(date.month, 2) + Self.padded(date.day, 2)
        + Self.padded(date.hour, 2) + Self.padded(date.minute, 2) + Self.padded(date.second, 2)
        + Self.padded(date.nanosecond, 9)
      fraction = ""
    case .empty:
      rank = 3
      isNegative = false
      whole = ""
      fraction = ""
    }
  }

  static func < (a: SortKey, b: SortKey) -> Bool {
    if a.rank != b.rank { return a.rank < b.rank }
    guard a.rank == 0 else {
      return a.whole.unicodeScalars.lexicographicallyPrecedes(b.whole.unicodeScalars)
    }
    let aZero = a.whole.isEmpty && a.fraction.isEmpty
    let bZero = b.whole.isEmpty && b.fraction.isEmpty
    let aNegative = a.isNegative && !aZero
    let bNegative = b.isNegative && !bZero
    if aNegative != bNegative { return aNegative }
    let magnitudeLess = Self.magnitudeLess(a, b)
    let magnitudeGreater = Self.magnitudeLess(b, a)
    return aNegative ? magnitudeGreater : magnitudeLess
  }

  /// Whether |a| < |b|, comparing digit strings.
  private static func magnitudeLess(_ a: SortKey, _ b: SortKey) -> Bool {
    if a.whole.count != b.whole.count { return a.whole.count < b.whole.count }
    if a.whole != b.whole { return a.whole < b.whole }
    return a.fraction < b.fraction
  }
}
