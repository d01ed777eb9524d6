import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a site into a staging folder beside its destination and puts it in place when whole.
///
/// A stand-in until TableKit's safe write for folders lands: the exporter hands every file to
/// the closure ``publish(directory:_:)`` gives it, so changing the mechanism changes this file
/// only. Until then the swap is two renames (the old folder aside, the new one in), so a crash
/// between them leaves the old site beside the destination, not in it.
enum SiteStaging {
  /// Stores one file of the site: its path relative to the site's folder, and its bytes.
  typealias FileWrite = (_ path: String, _ bytes: [UInt8]) throws(SiteExportError) -> Void

  /// Runs `body` with a writer into a fresh staging folder, then replaces `directory` with it;
  /// when `body` throws, removes the staging folder and leaves `directory` as it was.
  static func publish<Result>(
    directory: String, _ body: (FileWrite) throws(SiteExportError) -> Result
  ) throws(SiteExportError) -> Result {
    let staging = directory + ".staging-\(getpid())"
    try? FileManager.default.removeItem(atPath: staging)
    guard mkdir(staging, 0o755) == 0 else {
      throw .cannotWrite(path: staging, reason: reason(errno))
    }
    let result: Result
    do throws(SiteExportError) {
      result = try body { (path, bytes) throws(SiteExportError) in
        try writeFile(path, bytes, into: staging)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
    let aside = directory + ".old-\(getpid())"
    let hadOld = rename(directory, aside) == 0
    guard rename(staging, directory) == 0 else {
      let code = errno
      if hadOld { _ = rename(aside, directory) }
      try? FileManager.default.removeItem(atPath: staging)
      throw .cannotWrite(path: directory, reason: reason(code))
    }
    if hadOld { try? FileManager.default.removeItem(atPath: aside) }
    return result
  }

  /// Writes `bytes` to `path` under `root`, making its folders.
  private static func writeFile(
    _ path: String, _ bytes: [UInt8], into root: String
  ) throws(SiteExportError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !path.utf8.contains(0),
      !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else { throw .cannotWrite(path: path, reason: "not a relative path inside the site") }
    var folder = root
    for part in parts.dropLast() {
      folder += "/" + part
      if mkdir(folder, 0o755) != 0, errno != EEXIST {
        throw .cannotWrite(path: folder, reason: reason(errno))
      }
    }
    let full = root + "/" + path
    let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotWrite(path: path, reason: reason(errno))
      }
      written += count
    }
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)) + " (errno \(code))"
  }
}
