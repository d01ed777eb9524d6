import TableKit
import Testing

/// Counts how a type's representation is asked for.
private final class Calls {
  var tableCell = 0
  var configure = 0
}

/// A payment that fills a reused cell in place, overwriting its two values.
private struct Payment: TableRepresentable {
  var payee: String
  var cents: Int
  var calls: Calls

  var tableCell: Cell {
    calls.tableCell += 1
    return Cell(
      payee, values: [.text(payee), .decimal(Double(cents) / 100, fractionDigits: 2)],
      kind: "payment")
  }

  func configure(_ cell: inout Cell) {
    calls.configure += 1
    cell.prepareForReuse(payee, kind: "payment", valueCount: 2)
    cell.values[0] = .text(payee)
    cell.values[1] = .decimal(Double(cents) / 100, fractionDigits: 2)
  }
}

/// A memo: only `tableCell`, as in the README, so the default `configure(_:)` assigns it.
private struct Memo: TableRepresentable, Hashable {
  var text: String

  var tableCell: Cell { Cell(text, detail: "memo", accessory: .detailButton, kind: "memo") }
}

private struct Unrepresented: CustomStringConvertible {
  var description: String { "no representation" }
}

private class Animal: TableRepresentable {
  var tableCell: Cell { Cell("animal", kind: "animal") }
}

private final class Dog: Animal {
  override var tableCell: Cell { Cell("dog", kind: "dog") }
}

@Suite struct InPlaceRepresentationTests {
  /// A cell with every field away from its default, as the previous row may leave it.
  private static var used: Cell {
    Cell(
      "old", detail: "old detail", values: ["a", 1, .boolean(true), "d"], accessory: .checkmark,
      kind: "old-kind", isSelectable: false)
  }

  /// Every row's cell as the data source fills it in place, into one cell reused from row to row
  /// and starting from a used one, next to the cell `cell(at:)` makes afresh.
  private func reusedAndFresh(_ dataSource: SectionedDataSource<Any>) -> [(Cell, Cell)] {
    var cell = Self.used
    var pairs: [(Cell, Cell)] = []
    for (section, content) in dataSource.sections.enumerated() {
      for row in content.items.indices {
        let position = TablePosition(section: section, row: row)
        dataSource.configureCell(&cell, at: position)
        pairs.append((cell, dataSource.cell(at: position)))
      }
    }
    return pairs
  }

  @Test func aTypeThatConfiguresInPlaceIsAskedToConfigureNotForANewCell() {
    let calls = Calls()
    let dataSource = SectionedDataSource<Any>(items: [
      Payment(payee: "Acme", cents: 125_000, calls: calls),
      Payment(payee: "Zoë", cents: -7, calls: calls),
    ])
    var cell = Self.used
    dataSource.configureCell(&cell, at: TablePosition(section: 0, row: 0))
    dataSource.configureCell(&cell, at: TablePosition(section: 0, row: 1))

    #expect(calls.configure == 2 && calls.tableCell == 0)
    #expect(
      cell == Cell("Zoë", values: ["Zoë", .decimal(-0.07, fractionDigits: 2)], kind: "payment"))
  }

  @Test func aTypeWithOnlyATableCellStillShowsIt() {
    let dataSource = SectionedDataSource<Any>(items: [Memo(text: "call back"), Memo(text: "")])
    for (reused, fresh) in reusedAndFresh(dataSource) {
      #expect(reused == fresh)
      #expect(reused.kind == "memo" && reused.accessory == .detailButton)
    }
  }

  /// Rows of several types in turn, so the memo switches between types it has seen, plus
  /// values of types with no representation, `Cell`s, optionals, `AnyHashable`s and objects of
  /// a subclass: each row is exactly the cell `cell(at:)` makes, and nothing of the row before.
  @Test func mixedRowsReusingOneCellAreTheCellsMadeAfresh() {
    let calls = Calls()
    let payment = Payment(payee: "Acme", cents: 99, calls: calls)
    let memo = Memo(text: "note")
    let items: [Any] = [
      payment, memo, Unrepresented(), payment, 42, Cell("own", detail: "cell", kind: "custom"),
      Optional(memo) as Any, Optional<Memo>.none as Any, AnyHashable(memo), AnyHashable(7),
      Dog(), Dog() as Animal, Animal(), memo, payment, "text",
    ]
    let dataSource = SectionedDataSource<Any>(sections: [
      TableSection("A", items: items), TableSection("B", items: items.reversed()),
    ])
    let pairs = reusedAndFresh(dataSource)
    #expect(pairs.count == 2 * items.count)
    for (reused, fresh) in pairs { #expect(reused == fresh) }
    let texts = pairs.prefix(items.count).map(\.0.text)
    #expect(texts[2] == "no representation" && pairs[2].0.kind == .fallback)
    #expect(texts[6] == "note" && texts[8] == "note")
    #expect(texts[7] == "nil" && pairs[7].0.kind == .fallback)
    #expect(texts[9] == "7")
    #expect(texts[10...12] == ["dog", "dog", "animal"])
  }

  @Test func aTableOverrideWinsOverTheInPlaceConfiguration() {
    let calls = Calls()
    let payment = Payment(payee: "Acme", cents: 100, calls: calls)
    let dataSource = SectionedDataSource<Any>(items: [payment, Memo(text: "kept"), payment])
    dataSource.representations.register(Payment.self) { payment in
      Cell(payment.payee.uppercased(), kind: "overridden")
    }
    let pairs = reusedAndFresh(dataSource)

    #expect(pairs.map(\.0.text) == ["ACME", "kept", "ACME"])
    #expect(pairs[2].0 == Cell("ACME", kind: "overridden"))
    #expect(calls.configure == 0)
  }

  @Test func anOverrideRegisteredAfterTheFirstRowsTakesEffect() {
    let dataSource = SectionedDataSource<Any>(items: [Memo(text: "a")])
    let position = TablePosition(section: 0, row: 0)
    var cell = Self.used
    dataSource.configureCell(&cell, at: position)
    #expect(cell.text == "a")

    dataSource.representations.register(Memo.self) { Cell("overridden " + $0.text) }
    dataSource.configureCell(&cell, at: position)
    #expect(cell == Cell("overridden a"))

    dataSource.representations.removeOverride(for: Memo.self)
    dataSource.configureCell(&cell, at: position)
    #expect(cell == Memo(text: "a").tableCell)
  }

  @Test func anOverrideOfAnOptionalTypeIsUsedForItsValues() {
    let dataSource = SectionedDataSource<Any>(items: [Optional(Memo(text: "x")) as Any])
    dataSource.representations.register(Memo?.self) { Cell("optional " + ($0?.text ?? "none")) }
    var cell = Self.used
    dataSource.configureCell(&cell, at: TablePosition(section: 0, row: 0))
    #expect(cell == Cell("optional x"))
  }

  @Test func dataSourcesOfOneItemTypeFillCellsTheSameWay() {
    let calls = Calls()
    let payments = SectionedDataSource<Payment>(items: [
      Payment(payee: "Acme", cents: 1, calls: calls)
    ])
    let strings = SectionedDataSource<String>(items: ["plain"])
    let cells = SectionedDataSource<Cell>(items: [Cell("own", isSelectable: false)])
    let position = TablePosition(section: 0, row: 0)
    var cell = Self.used

    payments.configureCell(&cell, at: position)
    #expect(cell == payments.cell(at: position) && calls.configure == 1)
    strings.configureCell(&cell, at: position)
    #expect(cell == Cell("plain", kind: .fallback))
    cells.configureCell(&cell, at: position)
    #expect(cell == Cell("own", isSelectable: false))
  }

  /// Items held as another existential than `Any` are looked inside as well.
  @Test func itemsHeldAsAnExistentialShowTheValueInside() {
    let calls = Calls()
    let payment = Payment(payee: "Acme", cents: 1, calls: calls)
    let representable = SectionedDataSource<any TableRepresentable>(items: [
      payment, Memo(text: "m"), payment,
    ])
    let hashable = SectionedDataSource<AnyHashable>(items: [AnyHashable(Memo(text: "h")), 5])
    var cell = Self.used
    for row in 0..<3 {
      let position = TablePosition(section: 0, row: row)
      representable.configureCell(&cell, at: position)
      #expect(cell == representable.cell(at: position))
    }
    #expect(cell.text == "Acme" && cell.values.count == 2)
    for row in 0..<2 {
      let position = TablePosition(section: 0, row: row)
      hashable.configureCell(&cell, at: position)
      #expect(cell == hashable.cell(at: position))
    }
    #expect(cell == Cell("5", kind: .fallback))
  }

  @Test func aRowThatNoLongerExistsIsAnEmptyUnselectableRow() {
    let dataSource = SectionedDataSource<Any>(items: [Memo(text: "a"), Memo(text: "b")])
    dataSource.sections[0].items.removeLast()
    var cell = Self.used
    dataSource.configureCell(&cell, at: TablePosition(section: 0, row: 1))
    #expect(cell == dataSource.cell(at: TablePosition(section: 0, row: 1)))
    #expect(cell.text.isEmpty && !cell.isSelectable)
  }

  /// A subclass that overrides only `cell(at:)` keeps being asked for every cell.
  @Test func aSubclassThatOverridesTheCellIsStillAskedForIt() {
    final class Numbered: SectionedDataSource<Any> {
      override func cell(at position: TablePosition) -> Cell {
        Cell("row \(position.row)", kind: "numbered")
      }
    }
    let dataSource = Numbered(items: [Memo(text: "a"), Memo(text: "b")])
    var cell = Self.used
    dataSource.configureCell(&cell, at: TablePosition(section: 0, row: 1))
    #expect(cell == Cell("row 1", kind: "numbered"))
  }

  @Test func theRegistryConfiguresACellAsItMakesOne() {
    let calls = Calls()
    var registry = RepresentationRegistry()
    registry.register(Animal.self) { _ in Cell("any animal") }
    let objects: [Any] = [
      Payment(payee: "p", cents: 5, calls: calls), Memo(text: "m"), Unrepresented(), Animal(),
      Dog(), Optional(Memo(text: "o")) as Any, AnyHashable(Memo(text: "h")),
    ]
    var cell = Self.used
    for object in objects {
      registry.configure(&cell, for: object)
      #expect(cell == registry.cell(for: object))
    }
    #expect(calls.configure == 1)
  }
}
