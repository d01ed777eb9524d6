import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SystemCallsTests {
  @Test func retriesACallInterruptedBySignalsAndReturnsTheFirstOtherResult() throws {
    var calls = 0
    let result = try SystemCalls.valueOrErrno { () -> Int in
      calls += 1
      guard calls > 3 else {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == 42)
    #expect(calls == 4)
  }

  @Test func throwsAnotherFailureAtOnceWithItsErrno() {
    var calls = 0
    #expect(throws: Errno(EBADF)) {
      try SystemCalls.valueOrErrno { () -> Int32 in
        calls += 1
        errno = EBADF
        return -1
      }
    }
    #expect(calls == 1)
  }

  @Test func makesACallThatMustNotBeRepeatedOnce() {
    var calls = 0
    #expect(throws: Errno(EINTR)) {
      try SystemCalls.valueOrErrno(retryingOnInterrupt: false) { () -> Int32 in
        calls += 1
        errno = EINTR
        return -1
      }
    }
    #expect(calls == 1)
  }

  @Test func writesEveryByteAndThrowsTheErrnoOfAFailedWrite() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { _ = close(descriptors[0]) }
    let bytes: [UInt8] = Array("hello".utf8)
    try bytes.withUnsafeBytes { buffer in try SystemCalls.writeAll(descriptors[1], buffer) }
    _ = close(descriptors[1])
    var received = [UInt8](repeating: 0, count: 16)
    let count = try received.withUnsafeMutableBytes {
      try SystemCalls.read(from: descriptors[0], into: $0)
    }
    #expect(Array(received[..<count]) == bytes)
    #expect(throws: Errno(EBADF)) {
      try bytes.withUnsafeBytes { buffer in try SystemCalls.writeAll(-1, buffer) }
    }
  }

  @Test func opensAPathAndThrowsENOENTForAMissingOne() throws {
    let folder = try ScratchFolder()
    try folder.put("row", at: "present.csv")
    let descriptor = try SystemCalls.open(folder.at("present.csv"), O_RDONLY | O_CLOEXEC)
    #expect(descriptor >= 0)
    try SystemCalls.close(descriptor)
    #expect(throws: Errno(ENOENT)) {
      try SystemCalls.open(folder.at("missing.csv"), O_RDONLY | O_CLOEXEC)
    }
    #expect(throws: Errno(ENOENT)) {
      try SystemCalls.status(folder.at("missing.csv"), followingLinks: true)
    }
    #expect(throws: Errno(ENOENT)) { try SystemCalls.realPath(folder.at("missing.csv")) }
    #expect(throws: Errno(ENOENT)) { try SystemCalls.entries(inFolder: folder.at("missing")) }
  }

  @Test func closesTheDescriptorWhenTheWorkThrows() throws {
    struct Stop: Error, Equatable {}
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { _ = close(descriptors[0]) }
    let flags = fcntl(descriptors[0], F_GETFL)
    #expect(fcntl(descriptors[0], F_SETFL, flags | O_NONBLOCK) == 0)
    var ran = false
    #expect(throws: Stop()) {
      try SystemCalls.closeAfter(descriptors[1]) { () throws(Stop) in
        ran = true
        throw Stop()
      }
    }
    #expect(ran)
    // The read end reads the end of the pipe (0) only once every write end is closed; an open
    // one would answer EAGAIN.
    var byte: UInt8 = 0
    #expect(read(descriptors[0], &byte, 1) == 0)
  }

  @Test func anUnsupportedSwapChangesNothingAndASupportedOneSwaps() throws {
    let folder = try ScratchFolder()
    try folder.put("first", at: "a")
    try folder.put("second", at: "b")
    if try SystemCalls.exchange(folder.at("a"), folder.at("b")) {
      #expect(try folder.text(at: "a") == "second" && folder.text(at: "b") == "first")
      // A real failure is thrown, never taken for "no swap here".
      #expect(throws: Errno(ENOENT)) {
        try SystemCalls.exchange(folder.at("a"), folder.at("missing"))
      }
    } else {
      #expect(try folder.text(at: "a") == "first" && folder.text(at: "b") == "second")
    }
  }

  @Test func syncsAFileSystemOrSaysItCannot() throws {
    let folder = try ScratchFolder()
    #expect(
      try SystemCalls.synchronizeFileSystem(containing: folder.path)
        == SystemCalls.canSynchronizeFileSystem)
    if SystemCalls.canSynchronizeFileSystem {
      #expect(throws: Errno(ENOENT)) {
        try SystemCalls.synchronizeFileSystem(containing: folder.at("missing"))
      }
    }
  }

  @Test func removesATreeAndTakesNothingThereForDone() throws {
    let folder = try ScratchFolder()
    try folder.put("x", at: "file")
    try SystemCalls.removeTree(folder.at("file"))
    try SystemCalls.removeTree(folder.at("file"))
    #expect(try folder.names().isEmpty)
  }
}
