import Foundation
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `FileIdentity`: the same file through any link, a different file never.
@Suite struct FileIdentityTests {
  @Test func aFileIsItselfThroughASymbolicLinkAHardLinkAndADescriptor() throws {
    let folder = try ScratchFolder()
    try folder.put("data", at: "data.csv")
    try folder.put("data", at: "copy.csv")
    symlink("data.csv", folder.at("soft.csv"))
    link(folder.at("data.csv"), folder.at("hard.csv"))
    let original = try #require(try FileIdentity(existingPath: folder.at("data.csv")))
    #expect(try FileIdentity(existingPath: folder.at("soft.csv")) == original)
    #expect(try FileIdentity(existingPath: folder.at("hard.csv")) == original)
    #expect(try FileIdentity(existingPath: folder.at("copy.csv")) != original)
    let descriptor = open(folder.at("data.csv"), O_RDONLY)
    defer { close(descriptor) }
    #expect(try FileIdentity(descriptor: descriptor) == original)
  }

  @Test func nothingThereHasNoIdentity() throws {
    let folder = try ScratchFolder()
    #expect(try FileIdentity(existingPath: folder.at("missing.csv")) == nil)
    #expect(try FileIdentity(existingPath: folder.at("missing/below.csv")) == nil)
  }

  @Test func aClosedDescriptorIsAnError() {
    #expect(throws: SafeWriteError(path: "fd -1", operation: .inspect, code: EBADF)) {
      try FileIdentity(descriptor: -1)
    }
  }
}
