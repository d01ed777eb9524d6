import Foundation
import TableKit
import TableRender
import Testing

@Suite struct RenderErrorTests {
  private let table = makePaymentsTable([("All", [Payment(payee: "Zoë", cents: 125, isOpen: true)])]
  )

  static let errors: [RenderError] = [
    .cannotOpen(path: "/reports/out.csv", code: ENOENT),
    .writeFailed(destination: "/dev/full", code: ENOSPC),
    .writeFailed(destination: "standard output", code: EPIPE),
  ]

  @Test(arguments: errors)
  func renderErrorsReadAsTheirMessageEverywhere(_ error: RenderError) {
    let message = error.description
    #expect(message.hasPrefix("cannot "))
    #expect(String(describing: error) == message)
    #expect("\(error)" == message)
    #expect(error.localizedDescription == message)
    let erased: any Error = error
    #expect(erased.localizedDescription == message)
    #expect("\(erased)" == message)
  }

  @Test func aFailedWriteToAFileNamesThePathNotTheDescriptor() throws {
    // /dev/full opens for writing and refuses every write with ENOSPC.
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let error = #expect(throws: RenderError.self) {
      try CSVTableRenderer().write(table, toFile: "/dev/full")
    }
    #expect(error == .writeFailed(destination: "/dev/full", code: ENOSPC))
    #expect(error?.description.hasPrefix("cannot write to /dev/full: ") == true)
    #expect(error?.description.contains("descriptor") == false)
  }

  @Test func aSinkNamesStandardStreamsAndCanBeGivenAName() {
    #expect(FileDescriptorSink.standardOutput.destination == "standard output")
    #expect(FileDescriptorSink(descriptor: 2).destination == "standard error")
    #expect(FileDescriptorSink(descriptor: 9).destination == "file descriptor 9")
    #expect(FileDescriptorSink(descriptor: 9, destination: "out.csv").destination == "out.csv")
  }
}
