import TableKit
import Testing

private struct Unrepresented: CustomStringConvertible {
  var description: String { "custom description" }
}

private struct PlainStruct {
  var id = 7
}

private final class PlainObject {}

private class Animal: TableRepresentable {
  var tableCell: Cell { Cell("animal") }
}

private final class Dog: Animal {}

@Suite struct FallbackRepresentationTests {
  @Test func customStringConvertibleTypesShowTheirDescription() {
    let cell = RepresentationRegistry().cell(for: Unrepresented())
    #expect(cell == Cell("custom description", kind: .fallback))
  }

  @Test(arguments: [
    (42 as any Sendable, "42"),
    ("plain text" as any Sendable, "plain text"),
    (3.5 as any Sendable, "3.5"),
    (PlainStruct() as any Sendable, "PlainStruct(id: 7)"),
    ([1, 2] as any Sendable, "[1, 2]"),
  ])
  func valuesOfAnyTypeShowTheirDescription(value: any Sendable, expected: String) {
    #expect(RepresentationRegistry().cell(for: value).text == expected)
    #expect(RepresentationRegistry().cell(for: value).kind == .fallback)
  }

  @Test func objectsWithoutDescriptionShowTheirTypeName() {
    #expect(RepresentationRegistry().cell(for: PlainObject()).text.hasSuffix("PlainObject"))
  }

  @Test func anUnrepresentedRowInATableShowsItsDescription() throws {
    let table = TableView(
      dataSource: RecentActivityDataSource(recent: [
        Unrepresented(), PhoneNumber(label: "x", number: "1"),
      ]))
    #expect(try table.cell(at: TablePosition(section: 0, row: 0)).text == "custom description")
    #expect(try table.cell(at: TablePosition(section: 0, row: 1)).kind == .phoneNumber)
  }

  @Test func subclassesInheritTheirSuperclassConformance() {
    #expect(RepresentationRegistry().cell(for: Dog()).text == "animal")
  }

  @Test func overridesMatchTheExactTypeOnly() {
    var registry = RepresentationRegistry()
    registry.register(Animal.self) { _ in Cell("overridden animal") }
    #expect(registry.cell(for: Animal()).text == "overridden animal")
    #expect(registry.cell(for: Dog()).text == "animal")
  }
}
