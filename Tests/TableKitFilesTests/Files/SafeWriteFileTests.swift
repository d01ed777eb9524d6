import Foundation
import Synchronization
import TableKitFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SafeWrite.file(at:_:)`: the new content replaces the old whole, or the old stays byte for
/// byte and no temporary is left.
@Suite struct SafeWriteFileTests {
  @Test func writesANewFileAndLeavesNothingElse() throws {
    let folder = try ScratchFolder()
    let count = try SafeWrite.file(at: folder.at("out.csv")) { file in
      try file.write("a,b\n")
      try file.write(contentsOf: [0x31, 0x2C, 0x32, 0x0A])
      return file.byteCount
    }
    #expect(count == 8)
    #expect(try folder.text(at: "out.csv") == "a,b\n1,2\n")
    #expect(try folder.names() == ["out.csv"])
  }

  @Test func aNewFileGetsTheUsualModeLessTheUmask() throws {
    let folder = try ScratchFolder()
    try SafeWrite.file(at: folder.at("new.txt")) { try $0.write("x") }
    // Created with 0644, which the kernel narrows by the umask: no bit beyond 0644.
    let mode = folder.mode(at: "new.txt")
    #expect(mode & ~0o644 == 0)
    #expect(mode & 0o600 == 0o600)
  }

  @Test func replacingKeepsTheOldFilesMode() throws {
    let folder = try ScratchFolder()
    try folder.put("old", at: "secret.txt")
    chmod(folder.at("secret.txt"), 0o600)
    try SafeWrite.file(at: folder.at("secret.txt")) { try $0.write("new") }
    #expect(try folder.text(at: "secret.txt") == "new")
    #expect(folder.mode(at: "secret.txt") == 0o600)
  }

  @Test func aThrowingWriteLeavesTheOldFileAndNoTemporary() throws {
    let folder = try ScratchFolder()
    let old = String(repeating: "old row\n", count: 10_000)
    try folder.put(old, at: "report.csv")
    var temporary = ""
    #expect(throws: StopWriting(reason: "bad row 200001")) {
      try SafeWrite.file(at: folder.at("report.csv")) { file in
        temporary = file.path
        try file.write(String(repeating: "new row\n", count: 200_000))
        throw StopWriting(reason: "bad row 200001")
      }
    }
    #expect(try folder.text(at: "report.csv") == old)
    #expect(try folder.names() == ["report.csv"])
    #expect(!SafeWrite.registeredTemporaries.contains(temporary))
  }

  @Test func theTemporaryIsAHiddenRegisteredSibling() throws {
    let folder = try ScratchFolder()
    try folder.put("old", at: "page.html")
    try SafeWrite.file(at: folder.at("page.html")) { file in
      let name = String(file.path.split(separator: "/").last ?? "")
      #expect(file.path.hasPrefix(folder.path + "/"))
      #expect(name.hasPrefix(".page.html.tablekit-"))
      #expect(name.count == ".page.html.tablekit-".count + 6)
      #expect(SafeWrite.registeredTemporaries.contains(file.path))
      // The target is untouched while the new content is written.
      #expect(try folder.text(at: "page.html") == "old")
      try file.write("new")
    }
    #expect(try folder.text(at: "page.html") == "new")
    #expect(try folder.names() == ["page.html"])
  }

  @Test func aVeryLongNameStillGetsATemporary() throws {
    let folder = try ScratchFolder()
    let name = String(repeating: "é", count: 120) + ".csv"  // 244 bytes
    try SafeWrite.file(at: folder.at(name)) { file in
      #expect(String(file.path.split(separator: "/").last ?? "").utf8.count <= 255)
      try file.write("ok")
    }
    #expect(try folder.text(at: name) == "ok")
    #expect(try folder.names() == [name])
  }

  @Test func aLinkIsFollowedAndStaysALink() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("data"), withIntermediateDirectories: false)
    try folder.put("old", at: "data/real.csv")
    symlink("data/real.csv", folder.at("link.csv"))
    try SafeWrite.file(at: folder.at("link.csv")) { try $0.write("new") }
    #expect(folder.isLink("link.csv"))
    #expect(try folder.text(at: "data/real.csv") == "new")
    #expect(try folder.names(in: "data") == ["real.csv"])
    #expect(try folder.names() == ["data", "link.csv"])
  }

  @Test func aDanglingLinkIsRefused() throws {
    let folder = try ScratchFolder()
    symlink("nowhere.csv", folder.at("link.csv"))
    #expect(throws: SafeWriteError(path: folder.at("link.csv"), operation: .resolve, code: ENOENT))
    {
      try SafeWrite.file(at: folder.at("link.csv")) { try $0.write("new") }
    }
    #expect(folder.isLink("link.csv"))
  }

  @Test func aFolderIsNotReplacedByAFile() throws {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: folder.at("site"), withIntermediateDirectories: false)
    try folder.put("keep", at: "site/index.html")
    var ran = false
    #expect(throws: SafeWriteError(path: folder.at("site"), operation: .inspect, code: EISDIR)) {
      try SafeWrite.file(at: folder.at("site")) { _ in ran = true }
    }
    #expect(!ran)
    #expect(try folder.text(at: "site/index.html") == "keep")
  }

  @Test func aMissingFolderIsReportedWithTheTargetsPath() throws {
    let folder = try ScratchFolder()
    let target = folder.at("missing/out.csv")
    #expect(throws: SafeWriteError(path: target, operation: .create, code: ENOENT)) {
      try SafeWrite.file(at: target) { try $0.write("x") }
    }
  }

  @Test func aFailedWriteNamesTheTargetNotTheTemporary() {
    var file = StagedFile(
      path: "/tmp/.out.csv.tablekit-AAAAAA", descriptor: -1, reportedPath: "out.csv")
    #expect(throws: SafeWriteError(path: "out.csv", operation: .write, code: EBADF)) {
      try file.write("x")
    }
    #expect(throws: SafeWriteError(path: "out.csv", operation: .write, code: EBADF)) {
      try file.write(contentsOf: [1, 2, 3].lazy.map { UInt8($0) })
    }
    #expect(file.byteCount == 0)
  }

  @Test func aFIFOIsWrittenInPlace() throws {
    let folder = try ScratchFolder()
    #expect(mkfifo(folder.at("pipe"), 0o600) == 0)
    let pipe = folder.at("pipe")
    let received = ReceivedBytes()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let descriptor = open(pipe, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received.bytes.withLock { $0 += buffer[..<count] }
      }
      close(descriptor)
      done.signal()
    }
    try SafeWrite.file(at: pipe) { try $0.write("through the pipe") }
    done.wait()
    #expect(received.bytes.withLock { String(decoding: $0, as: UTF8.self) } == "through the pipe")
    var info = stat()
    lstat(folder.at("pipe"), &info)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
    #expect(try folder.names() == ["pipe"])
  }

  @Test func concurrentWritersLeaveOneWholeOutput() throws {
    let folder = try ScratchFolder()
    try folder.put("old", at: "shared.csv")
    let size = 256 * 1024
    let failures = Mutex<[String]>([])
    let target = folder.at("shared.csv")
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      do {
        try SafeWrite.file(at: target) { file in
          let chunk = [UInt8](repeating: UInt8(ascii: "a") + UInt8(writer), count: 4096)
          for _ in 0..<(size / 4096) { try file.write(contentsOf: chunk) }
        }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let bytes = try folder.bytes(at: "shared.csv")
    #expect(bytes.count == size)
    #expect(Set(bytes).count == 1)
    #expect(try folder.names() == ["shared.csv"])
  }
}

/// Bytes a reader thread collects.
private final class ReceivedBytes: Sendable {
  let bytes = Mutex<[UInt8]>([])
}
