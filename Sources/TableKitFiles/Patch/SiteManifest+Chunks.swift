#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SiteManifest {
  /// A manifest's bytes read a chunk at a time, so a large site's manifest is parsed without
  /// holding the whole file: only a window of it, grown when one line is longer.
  struct Chunks {
    /// The window; its bytes from ``start`` to ``end`` are read and not yet consumed.
    private(set) var window: [UInt8]
    /// The first unconsumed byte.
    private(set) var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    /// Whether the source has no more bytes.
    private(set) var isFinished = false
    /// Fills a buffer from the source; `0` at its end, `nil` on a failure.
    private let fill: (UnsafeMutableRawBufferPointer) -> Int?
    /// Whether reading failed.
    private(set) var failed = false

    /// Chunks of `size` bytes (at least 64) from `fill`.
    init(size: Int, fill: @escaping (UnsafeMutableRawBufferPointer) -> Int?) {
      window = [UInt8](repeating: 0, count: max(64, size))
      self.fill = fill
    }

    /// How many bytes are read and not yet consumed.
    var available: Int { end - start }

    /// Reads until `count` bytes are available or the source ends; whether they are.
    mutating func ensure(_ count: Int) -> Bool {
      while available < count, !isFinished {
        readMore()
      }
      return available >= count
    }

    /// Reads one more chunk: the unconsumed bytes are moved to the front first, and the
    /// window doubles when they fill it.
    mutating func readMore() {
      if start > 0 {
        let (from, count) = (start, available)
        window.withUnsafeMutableBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          memmove(base, base + from, count)
        }
        (start, end) = (0, end - start)
      }
      if end == window.count {
        window.append(contentsOf: repeatElement(0, count: window.count))
      }
      let (filled, fill) = (end, fill)
      let count = window.withUnsafeMutableBytes { bytes in
        fill(UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
      }
      guard let count else {
        (failed, isFinished) = (true, true)
        return
      }
      if count == 0 { isFinished = true }
      end += count
    }

    /// The offset from ``start`` of the first `byte` at or after offset `from`, reading more
    /// as needed; `nil` when the source ends first.
    mutating func offset(of byte: UInt8, from: Int) -> Int? {
      var searched = from
      while true {
        let found = window.withUnsafeBytes { bytes -> Int? in
          guard let base = bytes.baseAddress, start + searched < end,
            let hit = memchr(base + start + searched, Int32(byte), end - start - searched)
          else { return nil }
          return base.distance(to: UnsafeRawPointer(hit)) - start
        }
        if let found { return found }
        searched = max(searched, available)
        guard !isFinished else { return nil }
        readMore()
      }
    }

    /// Runs `body` with the `count` unconsumed bytes from offset `from` (all read already).
    func withBytes<Result>(
      from: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      window.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[start + from..<start + from + count]))
      }
    }

    /// Consumes `count` bytes.
    mutating func consume(_ count: Int) {
      start += count
    }
  }
}
