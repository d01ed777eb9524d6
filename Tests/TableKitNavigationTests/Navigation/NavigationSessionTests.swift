import TableKit
import TableKitNavigation
import Testing

extension SessionKey where Value == Int {
  fileprivate static let count = SessionKey("count")
}

extension SessionKey where Value == String {
  fileprivate static let countText = SessionKey("count")
  fileprivate static let theme = SessionKey("theme")
}

private func level(_ title: String) -> TableController {
  TableController(title: title, dataSource: SectionedDataSource(items: ["row"]))
}

@Suite struct NavigationSessionTests {
  @Test func aMissingKeyIsNilOrATypedErrorNeverATrap() throws {
    let stack = try NavigationController(root: level("Root"))
    #expect(stack.session.value(for: .count) == nil)
    #expect(!stack.session.contains(SessionKey<Int>.count))
    #expect(stack.root.sessionValue(for: .count) == nil)
    #expect(throws: NavigationError.missingSessionValue(key: "count")) {
      try stack.session.requiredValue(for: .count)
    }
  }

  @Test func aDeeperLevelHidesALowerValueUntilItIsPopped() throws {
    let stack = try NavigationController(root: level("Root"))
    let deeper = level("Deeper")
    try stack.root.setSessionValue(1, for: .count)
    try stack.push(deeper)
    #expect(deeper.sessionValue(for: .count) == 1)

    try deeper.setSessionValue(2, for: .count)
    #expect(stack.session.value(for: .count) == 2)
    try stack.pop()
    #expect(stack.session.value(for: .count) == 1)
  }

  @Test func stackScopedValuesOutliveTheLevelThatWroteThem() throws {
    let stack = try NavigationController(root: level("Root"))
    let settings = level("Settings")
    try stack.push(settings)
    try settings.setSessionValue("dark", for: .theme, scope: .stack)
    try settings.setSessionValue("light", for: .countText)
    try stack.pop()
    #expect(stack.session.value(for: .theme) == "dark")
    #expect(stack.session.value(for: .countText) == nil)

    stack.session.removeValue(for: .theme)
    #expect(stack.session.value(for: .theme) == nil)
  }

  @Test func aStackScopedValueSitsBeneathEveryLevelInTheLookup() throws {
    let stack = try NavigationController(root: level("Root"))
    let deeper = level("Deeper")
    try stack.push(deeper)
    try stack.root.setSessionValue("stack", for: .theme, scope: .stack)
    #expect(stack.session.value(for: .theme) == "stack")
    try stack.root.setSessionValue("root", for: .theme)  // the root's layer hides it
    #expect(stack.session.value(for: .theme) == "root")
    try deeper.setSessionValue("deeper", for: .theme)
    #expect(stack.session.value(for: .theme) == "deeper")
    try stack.pop()
    #expect(stack.session.value(for: .theme) == "root")
    try stack.root.setSessionValue("stack again", for: .theme, scope: .stack)  // still hidden
    #expect(stack.session.value(for: .theme) == "root")
  }

  @Test func keysWithTheSameNameAndAnotherTypeAreDifferentSlots() throws {
    let stack = try NavigationController(root: level("Root"))
    try stack.root.setSessionValue(3, for: .count)
    try stack.root.setSessionValue("three", for: .countText)
    #expect(stack.session.value(for: .count) == 3)
    #expect(stack.session.value(for: .countText) == "three")
  }

  @Test func aControllerOnNoStackCannotWrite() throws {
    let loose = level("Loose")
    #expect(throws: NavigationError.notOnStack(title: "Loose", operation: .writeSession)) {
      try loose.setSessionValue(1, for: .count)
    }
    #expect(loose.sessionValue(for: .count) == nil)
  }
}
