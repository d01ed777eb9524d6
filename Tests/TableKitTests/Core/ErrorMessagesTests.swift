import Foundation
import TableKit
import Testing

/// Every error type of TableKit reads as its message wherever a user prints it.
@Suite struct ErrorMessagesTests {
  func expectReadsAsItsMessage(_ error: some Error & CustomStringConvertible) {
    let message = error.description
    #expect(!message.isEmpty)
    #expect(error.localizedDescription == message)
    #expect(String(describing: error) == message)
    #expect("\(error)" == message)
    let erased: any Error = error
    #expect(erased.localizedDescription == message)
  }

  @Test func exactDecimalErrorsReadAsTheirMessage() {
    expectReadsAsItsMessage(ExactDecimalError(text: "1e400", reason: .tooManyDigits(401)))
  }

  @Test func snapshotErrorsReadAsTheirMessage() throws {
    var snapshot = TableSnapshot<String, String>()
    try snapshot.appendSections(["people"])
    do {
      try snapshot.appendItems(["ada", "ada"], toSection: "people")
      Issue.record("a duplicate identifier was accepted")
    } catch {
      expectReadsAsItsMessage(error)
    }
  }

  @Test func updateAndCompositionErrorsReadAsTheirMessage() {
    let update = TableUpdateError.duplicateSection(.deleteSection, section: 2)
    expectReadsAsItsMessage(update)
    expectReadsAsItsMessage(CompositionError.update(update))
  }
}
