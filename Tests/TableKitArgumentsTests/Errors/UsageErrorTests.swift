import TableKitArguments
import Testing

@Suite struct UsageErrorTests {
  static let attached = ArgumentToken(
    "0x", argument: "--max-field-bytes=0x", index: 3, part: .attachedValue)

  @Test(arguments: [
    (
      UsageError.unknownOption(ArgumentToken("--colour", index: 1)),
      "argument 1, `--colour`: unknown option --colour"
    ),
    (
      UsageError.missingValue(ArgumentToken("--format", index: 2)),
      "argument 2, `--format`: --format needs a value after it"
    ),
    (
      UsageError.invalidValue(attached, option: "--max-field-bytes", expected: "a byte count"),
      "argument 3, `--max-field-bytes=0x`: --max-field-bytes needs a byte count, not `0x`"
    ),
    (
      UsageError.unexpectedValue(
        ArgumentToken("yes", argument: "--wrap=yes", index: 4, part: .attachedValue),
        option: "--wrap"),
      "argument 4, `--wrap=yes`: --wrap takes no value"
    ),
    (
      UsageError.unexpectedArgument(ArgumentToken("b.csv", index: 2), reason: "one input"),
      "argument 2, `b.csv`: one input"
    ),
    (
      UsageError.conflictingOptions(
        ArgumentToken("--nested", index: 5), earlier: ArgumentToken("--url", index: 2),
        reason: "one source"),
      "argument 5, `--nested`: cannot go with argument 2, `--url`: one source"
    ),
    (UsageError.missingArgument("open needs a URL"), "open needs a URL"),
  ])
  func saysWhichArgumentIsWrongAndWhere(error: UsageError, message: String) {
    #expect(error.description == message)
  }

  @Test func namesTheTokenOfEveryCaseButAMissingArgument() {
    #expect(UsageError.invalidValue(Self.attached, option: "-w", expected: "n").token?.index == 3)
    #expect(UsageError.missingArgument("x").token == nil)
  }
}
