import Foundation
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a person reads when a safe write fails, and what a caller can ask of the error.
@Suite struct SafeWriteErrorTests {
  @Test func namesTheOperationThePathAndTheCode() {
    let error = SafeWriteError(path: "out/report.html", operation: .write, code: ENOSPC)
    #expect(error.description.hasPrefix("cannot write to out/report.html: "))
    #expect(error.description.hasSuffix(" (ENOSPC)"))
    #expect(error.localizedDescription == error.description)
    #expect(error.targetIsUnchanged)
  }

  @Test func aHostilePathCannotReachTheTerminalRaw() {
    let error = SafeWriteError(
      path: "esc\u{1B}[31m\"\u{202E}.csv", operation: .create, code: EACCES)
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    #expect(error.description.contains(#"esc\u{1B}[31m"\u{202E}.csv"#))
  }

  @Test func onlyTheStepsAfterTheRenameChangeTheTarget() {
    let after: [SafeWriteError.Operation] = [.synchronizeFolder, .removeReplaced]
    let before: [SafeWriteError.Operation] = [
      .inspect, .resolve, .create, .makeDirectory, .write, .synchronize, .close, .rename,
      .exchange, .validatePath,
    ]
    for operation in after {
      #expect(!SafeWriteError(path: "p", operation: operation, code: EIO).targetIsUnchanged)
    }
    for operation in before {
      #expect(SafeWriteError(path: "p", operation: operation, code: EIO).targetIsUnchanged)
    }
  }

  @Test func anUnknownCodeStillReads() {
    let error = SafeWriteError(path: "p", operation: .rename, code: 9999)
    #expect(error.description.hasSuffix("(errno 9999)"))
  }
}
