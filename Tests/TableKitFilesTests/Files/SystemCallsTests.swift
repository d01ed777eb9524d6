import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SystemCallsTests {
  @Test func retriesACallInterruptedBySignalsAndReturnsTheFirstOtherResult() {
    var calls = 0
    let result = SystemCalls.retryingOnInterrupt { () -> Int in
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

  @Test func returnsAnotherFailureAtOnceWithItsErrno() {
    var calls = 0
    let result = SystemCalls.retryingOnInterrupt { () -> Int32 in
      calls += 1
      errno = EBADF
      return -1
    }
    #expect(result == -1 && errno == EBADF && calls == 1)
  }

  @Test func writesEveryByteAndReportsAFailedWrite() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { _ = close(descriptors[0]) }
    let bytes: [UInt8] = Array("hello".utf8)
    #expect(bytes.withUnsafeBytes { SystemCalls.writeAll(descriptors[1], $0) } == 0)
    _ = close(descriptors[1])
    var received = [UInt8](repeating: 0, count: 16)
    let count = received.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, 16) }
    #expect(Array(received[..<count]) == bytes)
    #expect(bytes.withUnsafeBytes { SystemCalls.writeAll(-1, $0) } == EBADF)
  }
}
