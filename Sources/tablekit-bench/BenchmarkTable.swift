import TableKit

/// The deterministic mixed-type table of `Scripts/bench/gendata.py`, regenerated bit for bit.
///
/// Row `i` takes six draws of a 64-bit linear congruential generator; see the script's docstring.
/// Rows are made on demand from the generator's state, so a million-row table holds no rows in
/// memory: sequential reads advance a cursor, and any other read jumps ahead in O(log n).
enum BenchmarkTable {
  static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
  static let multiplier: UInt64 = 6_364_136_223_846_793_005
  static let increment: UInt64 = 1_442_695_040_888_963_407

  static let firstNames = [
    "Alice", "Bob", "José", "Zoë", "François", "Łukasz", "Søren", "山田", "李", "김민준", "Ελένη",
    "Иван", "Chloe\u{301}", "Mary-Jane", "O'Brien", "Ana",
  ]
  static let lastNames = [
    "Smith", "Müller", "Ångström", "太郎", "小龙", "García", "Nguyễn", "Brown", "Dvořák", "Jones",
    "佐藤", "Taylor", "Kovač", "Lee", "Novák", "Wilson",
  ]
  static let notes = [
    "ok", "pending review", "see <b>invoice</b>", "R&D budget", "said \"hello\"", "a|b split",
    "multi-word note with somewhat more text in it", "", "refund < 100 & > 10", "paid", "x|y|z",
    "follow-up",
  ]
  static let columns = ["id", "name", "amount", "flag", "date", "note"].map { ColumnDefinition($0) }

  /// Every "first last" name, indexed `first * 16 + last`.
  static let names: [String] = firstNames.flatMap { first in lastNames.map { first + " " + $0 } }

  /// ISO dates from 2000-01-01, one per day for 9000 days.
  static let dates: [String] = (0..<9000).map(isoDate(daysSince2000:))

  /// Every note with its number suffix, indexed `note * 1000 + number`.
  static let numberedNotes: [String] = notes.flatMap { note in
    (0..<1000).map { note.isEmpty ? "" : note + " #" + String($0) }
  }

  /// The generator state after `steps` draws from `state`, in O(log steps).
  static func advance(_ state: UInt64, by steps: Int) -> UInt64 {
    var (accumulatedMultiplier, accumulatedIncrement): (UInt64, UInt64) = (1, 0)
    var (stepMultiplier, stepIncrement) = (multiplier, increment)
    var remaining = UInt64(max(steps, 0))
    while remaining > 0 {
      if remaining & 1 == 1 {
        accumulatedMultiplier = accumulatedMultiplier &* stepMultiplier
        accumulatedIncrement = accumulatedIncrement &* stepMultiplier &+ stepIncrement
      }
      stepIncrement = (stepMultiplier &+ 1) &* stepIncrement
      stepMultiplier = stepMultiplier &* stepMultiplier
      remaining >>= 1
    }
    return accumulatedMultiplier &* state &+ accumulatedIncrement
  }

  /// The row whose draws start at `state`, and the state after it.
  static func row(index: Int, state: UInt64) -> (BenchmarkRow, UInt64) {
    // Six draws in locals: an array of them would be allocated for every row.
    var state = state
    func draw() -> UInt64 {
      state = state &* multiplier &+ increment
      return state >> 33
    }
    let first = draw()
    let last = draw()
    let cents = draw()
    let flag = draw()
    let date = draw()
    let note = draw()
    let row = BenchmarkRow(
      id: Int32(truncatingIfNeeded: index + 1),
      name: UInt8(first % 16) * 16 + UInt8(last % 16),
      cents: Int32(cents % 10_000_000) - 2_000_000,
      flag: flag & 1 == 1,
      date: UInt16(date % 9000),
      note: UInt16(note % 12) * 1000 + UInt16(note % 1000)
    )
    return (row, state)
  }

  /// `yyyy-mm-dd` for a day counted from 2000-01-01 (proleptic Gregorian calendar).
  static func isoDate(daysSince2000 day: Int) -> String {
    // Days from 0000-03-01 to 2000-01-01 is 730_425; the civil-from-days method works in
    // 400-year eras that start on 1 March.
    let days = day + 730_425
    let era = days / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(twoDigits(month))-\(twoDigits(dayOfMonth))"
  }
}

/// One row of the benchmark table: a compact record whose texts live in shared tables.
///
/// At 16 bytes the row fits inside an `Any` without a heap box, as small records do; its cell
/// holds ordinary `String`s taken from the shared name, date and note tables.
///
/// Its `TableRepresentable` conformance is the one a user writes: `tableCell`, and `configure(_:)`
/// to fill a reused cell in place. The generic cases reach it from `Any` through
/// `SectionedDataSource<Any>`.
struct BenchmarkRow: TableRepresentable {
  var id: Int32
  var name: UInt8
  var cents: Int32
  var flag: Bool
  var date: UInt16
  var note: UInt16

  var amount: Double { Double(cents) / 100 }

  var tableCell: Cell {
    let strings = BenchmarkStrings.shared
    let name = strings.names[Int(name)]
    return Cell(
      name,
      values: [
        .integer(Int(id)), .text(name), .decimal(amount, fractionDigits: 2), .boolean(flag),
        .text(strings.dates[Int(date)]), .text(strings.notes[Int(note)]),
      ],
      kind: strings.kind
    )
  }

  func configure(_ cell: inout Cell) {
    configure(&cell, strings: .shared)
  }

  /// Fills `cell` in place, overwriting its six values (see `TableDataSource.configureCell`).
  ///
  /// The shared texts come in as an argument: reading a global table costs a lazy
  /// initialization check on every access.
  func configure(_ cell: inout Cell, strings: BenchmarkStrings) {
    let name = strings.names[Int(name)]
    cell.prepareForReuse(name, kind: strings.kind, valueCount: 6)
    cell.values[0] = .integer(Int(id))
    cell.values[1] = .text(name)
    cell.values[2] = .decimal(amount, fractionDigits: 2)
    cell.values[3] = .boolean(flag)
    cell.values[4] = .text(strings.dates[Int(date)])
    cell.values[5] = .text(strings.notes[Int(note)])
  }

  /// The row as `gendata.py` writes it to TSV, for the cross-check.
  var tsvLine: String {
    let amountText = CellValue.decimal(amount, fractionDigits: 2).text
    let texts = [
      String(id), BenchmarkTable.names[Int(name)], amountText, flag ? "1" : "0",
      BenchmarkTable.dates[Int(date)], BenchmarkTable.numberedNotes[Int(note)],
    ]
    return texts.joined(separator: "\t")
  }
}

/// A benchmark row whose representation is only `tableCell`, as in the README's example: every
/// row makes a new cell, which the default `configure(_:)` assigns.
struct BenchmarkCellOnlyRow: TableRepresentable {
  var row: BenchmarkRow

  var tableCell: Cell { row.tableCell }
}

/// The texts rows take their names, dates and notes from, and their cell kind.
struct BenchmarkStrings {
  static let shared = BenchmarkStrings()

  let names = BenchmarkTable.names
  let dates = BenchmarkTable.dates
  let notes = BenchmarkTable.numberedNotes
  let kind: CellKind = "row"
}

/// A data source over the first `count` rows of the benchmark table, made on demand, that fills
/// the renderer's cell by hand in `configureCell(_:at:)`: the typed path, as a data source of one
/// model type would be written for speed.
final class BenchmarkDataSource: TableDataSource {
  let count: Int
  private let strings = BenchmarkStrings.shared
  private var nextIndex = 0
  private var nextState = BenchmarkTable.seed
  private var cached: (index: Int, row: BenchmarkRow)?

  init(count: Int) {
    self.count = count
  }

  func cell(at position: TablePosition) -> Cell {
    row(at: position.row).tableCell
  }

  func configureCell(_ cell: inout Cell, at position: TablePosition) {
    row(at: position.row).configure(&cell, strings: strings)
  }

  var numberOfSections: Int { 1 }
  var columns: [ColumnDefinition] { BenchmarkTable.columns }

  func numberOfRows(inSection section: Int) -> Int { count }

  func representedObject(at position: TablePosition) -> Any { row(at: position.row) }

  /// Row `index`, from the one-row cache, the cursor, or a jump.
  func row(at index: Int) -> BenchmarkRow {
    if let cached, cached.index == index { return cached.row }
    if index != nextIndex {
      nextState = BenchmarkTable.advance(BenchmarkTable.seed, by: 6 * index)
      nextIndex = index
    }
    let (row, state) = BenchmarkTable.row(index: index, state: nextState)
    nextState = state
    nextIndex = index + 1
    cached = (index, row)
    return row
  }

  /// The first `count` rows in order, each made by `wrap`, for a data source that holds its
  /// items.
  static func rows(count: Int, _ wrap: (BenchmarkRow) -> Any) -> [Any] {
    var rows: [Any] = []
    rows.reserveCapacity(count)
    var state = BenchmarkTable.seed
    for index in 0..<count {
      let (row, next) = BenchmarkTable.row(index: index, state: state)
      rows.append(wrap(row))
      state = next
    }
    return rows
  }
}
