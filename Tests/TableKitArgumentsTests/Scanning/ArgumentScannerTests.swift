import TableKitArguments
import Testing

/// Scans `arguments` whole: each option as `name` or `name=value` (the value as the scanner
/// gave it, attached or taken from the next argument when `values` names the option) with its
/// index, each positional as its text with its index.
private func scan(
  _ arguments: [String], values: Set<String> = [], firstIndex: Int = 1
) throws(UsageError) -> [String] {
  var scanner = ArgumentScanner(arguments, firstIndex: firstIndex)
  var seen: [String] = []
  while let argument = scanner.next() {
    switch argument {
    case .positional(let token):
      seen.append("\(token.index):\(token.text)")
    case .option(let option) where values.contains(option.name.text):
      let value = try scanner.value(for: option)
      seen.append("\(option.name.index):\(option.name.text)=\(value.index):\(value.text)")
    case .option(let option):
      try scanner.flag(option)
      seen.append("\(option.name.index):\(option.name.text)")
    }
  }
  return seen
}

@Suite struct ArgumentScannerTests {
  @Test func readsAValueFromTheNextArgumentOrAfterTheEqualsSign() throws {
    #expect(
      try scan(["--format", "csv", "--format=html", "-f", "md"], values: ["--format", "-f"])
        == ["1:--format=2:csv", "3:--format=3:html", "4:-f=5:md"])
  }

  @Test func keepsTheArgumentAndThePartOfAnAttachedValue() throws {
    var scanner = ArgumentScanner(["data.csv", "--max-field-bytes=0x"])
    _ = scanner.next()
    guard case .option(let option) = scanner.next() else {
      Issue.record("no option")
      return
    }
    #expect(
      option.name
        == ArgumentToken(
          "--max-field-bytes", argument: "--max-field-bytes=0x", index: 2, part: .name))
    let value = try scanner.value(for: option)
    #expect(
      value
        == ArgumentToken("0x", argument: "--max-field-bytes=0x", index: 2, part: .attachedValue))
    #expect(value.place == "argument 2, `--max-field-bytes=0x`")
    #expect(scanner.isAtEnd)
  }

  @Test func anEmptyAttachedValueIsAValue() throws {
    #expect(try scan(["--title="], values: ["--title"]) == ["1:--title=1:"])
  }

  @Test func aValueIsTakenAsWrittenEvenWhenItStartsWithADash() throws {
    #expect(try scan(["--sort", "-amount"], values: ["--sort"]) == ["1:--sort=2:-amount"])
    #expect(try scan(["--title", "-"], values: ["--title"]) == ["1:--title=2:-"])
  }

  @Test func aLoneDashIsPositional() throws {
    #expect(try scan(["-", "--wrap"]) == ["1:-", "2:--wrap"])
  }

  @Test func everythingAfterTheTerminatorIsPositional() throws {
    #expect(
      try scan(["--wrap", "--", "--help", "-f", "--", "x"])
        == ["1:--wrap", "3:--help", "4:-f", "5:--", "6:x"])
  }

  @Test func shortOptionsAreOptions() throws {
    #expect(try scan(["-h", "-o", "out.csv"], values: ["-o"]) == ["1:-h", "2:-o=3:out.csv"])
  }

  @Test func countsPlacesFromTheFirstIndex() throws {
    #expect(try scan(["--nested", "x"], firstIndex: 2) == ["2:--nested", "3:x"])
  }

  @Test func anOptionAtTheEndIsMissingItsValue() {
    #expect(throws: UsageError.missingValue(ArgumentToken("--format", index: 2))) {
      try scan(["a.csv", "--format"], values: ["--format"])
    }
  }

  @Test func theTerminatorIsNotAValue() {
    #expect(throws: UsageError.missingValue(ArgumentToken("--title", index: 1))) {
      try scan(["--title", "--", "x"], values: ["--title"])
    }
  }

  @Test func aFlagWithAnAttachedValueIsAnError() {
    let value = ArgumentToken("yes", argument: "--wrap=yes", index: 1, part: .attachedValue)
    #expect(throws: UsageError.unexpectedValue(value, option: "--wrap")) {
      try scan(["--wrap=yes"])
    }
  }

  @Test func aConvertedValueThatDoesNotConvertIsInvalid() {
    var scanner = ArgumentScanner(["--width", "wide"])
    guard case .option(let option) = scanner.next() else {
      Issue.record("no option")
      return
    }
    #expect(
      throws: UsageError.invalidValue(
        ArgumentToken("wide", index: 2), option: "--width", expected: "a number")
    ) {
      try scanner.value(for: option, expected: "a number") { Int($0) }
    }
  }

  @Test func anEmptyCommandLineHasNothing() throws {
    var scanner = ArgumentScanner([])
    #expect(scanner.isAtEnd)
    #expect(scanner.next() == nil)
  }
}
