import TableKit
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input read in chunks: a file, or standard input; a file can be read again from the start.
///
/// Errors name the input as the user did (its path, or `standard input`) and say what is wrong
/// in the system's words. A file is closed when the last reference goes; standard input is not.
package final class ByteInput {
  /// How many bytes each read asks for.
  package static let chunkSize = 1 << 18
  /// ``chunkSize`` zeros, appended to make room for a read: appending from an array's storage is
  /// a copy even in a debug build, where `repeatElement` was appended a byte at a time through
  /// generic code (nine tenths of the chunked-reading tests' time, more under ThreadSanitizer).
  private static let room = [UInt8](repeating: 0, count: chunkSize)

  /// The input as messages name it: the path, or `standard input`.
  package let name: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// Whether the input is a regular file, which can be read again from its start.
  package let isRewindable: Bool
  /// Bytes read ahead to guess the format, handed out again before the rest.
  private var pushedBack: [UInt8] = []
  /// The part of a shared file this input reads (see ``init(region:of:)``): the offset of the
  /// next byte, and the end; `nil` for an input read from its descriptor's position.
  private var region: (next: Int, end: Int)?
  /// How far a region may be read on past its end once it is read (``readOn(to:)``); the
  /// region's end unless a reader asked for more.
  private var regionLimit = 0
  /// Called just before each read from the system, which may wait for a pipe: a reader that
  /// collects rows hands over those it has (``RowPrefetcher``).
  package var willRead: (() -> Void)?
  /// The bytes the next read from a pipe or terminal, or past a region's end, asks for.
  ///
  /// Each read first appends that many zeros for the system
  /// to overwrite, so asking for a whole ``chunkSize`` when a few bytes are coming costs a
  /// quarter of a megabyte of writes every time (two fifths of the records fuzzer's time): a
  /// regular file asks for what its size says is left, anything else starts small and doubles
  /// while reads come back full.
  private var readSize: Int
  /// The bytes a regular file has left, by its size when it was opened (or rewound) less those
  /// read since; `nil` for anything else.
  private var expectedLeft: Int?
  /// The bytes read from the system since the input was opened or rewound: the offset reached,
  /// for an input read from its descriptor's position.
  private var offset = 0
  /// Where the bytes read are counted for a progress line (``attachProgress()``).
  ///
  /// `nil` for nowhere. Raised once per read from the system: to the offset reached, or for a
  /// region to the offset in the file.
  package var progress: ReadProgress?

  /// Opens the file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when it cannot be opened or is a
  ///   directory.
  package init(path: String) throws(TableInputError) {
    name = path
    do throws(Errno) {
      descriptor = try SystemCalls.open(path, O_RDONLY | O_CLOEXEC)
    } catch {
      throw Self.failure(path, error)
    }
    ownsDescriptor = true
    // Refused before every stored property is set, the input never reaches `deinit`: the
    // descriptor is closed here.
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = Errno(errno)
      close(descriptor)
      throw Self.failure(path, failure)
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw Self.failure(path, "it is a directory, not a file")
    }
    isRewindable = status.st_mode & S_IFMT == S_IFREG
    readSize = Self.firstReadSize
    if isRewindable { expectedLeft = Int(status.st_size) }
  }

  /// What a read asks for first when the size of what is coming is not known.
  private static let firstReadSize = 1 << 14

  /// Standard input, named `standard input` in messages; never read again from its start.
  package init(standardInput: Void) {
    name = "standard input"
    descriptor = 0
    ownsDescriptor = false
    isRewindable = false
    readSize = Self.firstReadSize
  }

  /// An open descriptor, such as one end of a pipe, named `name` in messages; never read
  /// again from its start.
  ///
  /// A duplicate (`dup(2)`) is read and closed here, so the caller may close theirs at any
  /// time: a reading thread that is still finishing (``RowPrefetcher``) then reads its own
  /// descriptor, never one that was closed and given to another file.
  ///
  /// - Parameters:
  ///   - descriptor: The open descriptor.
  ///   - name: The input as messages name it.
  package init(descriptor: Int32, name: String) {
    self.name = name
    let duplicate = dup(descriptor)
    self.descriptor = duplicate >= 0 ? duplicate : descriptor
    ownsDescriptor = duplicate >= 0
    isRewindable = false
    readSize = Self.firstReadSize
  }

  /// An input that reads bytes `region` of `file`, at their offsets, leaving the file's own
  /// position alone: several such inputs read one file from several threads.
  ///
  /// - Parameters:
  ///   - region: The byte offsets to read.
  ///   - file: The file, which must stay open while this input is read.
  package init(region: Range<Int>, of file: SharedFile) {
    name = file.name
    descriptor = file.descriptor
    ownsDescriptor = false
    isRewindable = false
    self.region = (region.lowerBound, region.upperBound)
    regionLimit = region.upperBound
    readSize = Self.chunkSize
  }

  /// Lets an input of a region (``init(region:of:)``) read on past the region's end, up to
  /// `limit`, once the region itself is read: a reader that finishes the record its part of a
  /// file cuts reads the rest of that record this way (``ChunkedFileRows``).
  ///
  /// - Parameter limit: The offset reads stop at, usually the file's size.
  package func readOn(to limit: Int) {
    guard region != nil else { return }
    regionLimit = max(regionLimit, limit)
    // Most records end a few bytes past the region: small reads first, doubling.
    readSize = 1 << 12
  }

  /// The file this input reads, for ``init(region:of:)`` on other threads; `nil` unless it is
  /// a regular file.
  package var sharedFile: SharedFile? {
    guard isRewindable, region == nil else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return SharedFile(name: name, descriptor: descriptor, size: Int(status.st_size))
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to ``chunkSize`` bytes onto the end of `buffer`.
  ///
  /// - Parameter buffer: Where the bytes go.
  /// - Returns: How many bytes were added; 0 at the end of the input.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when reading fails.
  package func read(appendingTo buffer: inout [UInt8]) throws(TableInputError) -> Int {
    if !pushedBack.isEmpty {
      let count = pushedBack.count
      buffer.append(contentsOf: pushedBack)
      pushedBack = []
      return count
    }
    if let region { return try read(region, appendingTo: &buffer) }
    willRead?()
    // A regular file asks for what its size says is left, and a small read to find its end (a
    // file that grew since it was opened is read on in reads that double).
    let knowsSize = (expectedLeft ?? 0) > 0
    let wanted = knowsSize ? min(expectedLeft ?? 0, Self.chunkSize) : readSize
    let start = buffer.count
    buffer.append(contentsOf: Self.room[..<wanted])
    let read = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in
        try SystemCalls.read(
          from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
      }
    }
    let count = try counted(read, droppingFrom: &buffer, wanted: wanted)
    offset += count
    progress?.reach(byte: offset)
    if let expectedLeft { self.expectedLeft = expectedLeft - count }
    if !knowsSize && count == wanted { readSize = min(readSize * 2, Self.chunkSize) }
    return count
  }

  /// The most bytes one read of a region asks for into an empty buffer.
  ///
  /// A chunk of a file read on another thread (``init(region:of:)``) is a megabyte or two: read
  /// whole into a buffer made for it, its bytes are neither zeroed first nor moved down as the
  /// reader drops what it has read.
  private static let regionReadLimit = 1 << 22

  /// Reads the next chunk of `region` with `pread(2)`; `0` at its end.
  private func read(
    _ region: (next: Int, end: Int), appendingTo buffer: inout [UInt8]
  ) throws(TableInputError) -> Int {
    if buffer.isEmpty && region.end - region.next > 0 {
      let wanted = min(Self.regionReadLimit, region.end - region.next)
      // Room for the first reads past the region's end, if any, with no copy of the buffer.
      let spare = regionLimit > region.end ? 1 << 16 : 0
      var failure: Errno?
      buffer = [UInt8](unsafeUninitializedCapacity: wanted + spare) { bytes, initialized in
        let room = UnsafeMutableRawBufferPointer(
          rebasing: UnsafeMutableRawBufferPointer(bytes)[..<wanted])
        do throws(Errno) {
          initialized = try SystemCalls.read(from: descriptor, into: room, at: region.next)
        } catch {
          failure = error
          initialized = 0
        }
      }
      if let failure { throw Self.failure(name, failure) }
      let count = buffer.count
      self.region = (region.next + count, count == 0 ? region.next : region.end)
      progress?.reach(byte: region.next + count)
      return count
    }
    var region = region
    var wanted = Self.chunkSize
    if region.next >= region.end && regionLimit > region.next {
      // The region is read: on to the limit, in reads that double.
      region.end = regionLimit
      wanted = readSize
      readSize = min(readSize * 2, Self.chunkSize)
    }
    wanted = min(wanted, region.end - region.next)
    guard wanted > 0 else { return 0 }
    let start = buffer.count
    buffer.append(contentsOf: Self.room[..<wanted])
    let read = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in
        try SystemCalls.read(
          from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]),
          at: region.next)
      }
    }
    let count = try counted(read, droppingFrom: &buffer, wanted: wanted)
    self.region = (region.next + count, count == 0 ? region.next : region.end)
    progress?.reach(byte: region.next + count)
    if count == 0 { regionLimit = region.next }
    return count
  }

  /// The offset just past the first line feed at or after `offset`, or `nil` when there is
  /// none before the end of `file`.
  ///
  /// - Parameters:
  ///   - offset: Where to start looking.
  ///   - file: The file.
  /// - Returns: The offset of the byte after the line feed.
  package static func lineStart(after offset: Int, in file: SharedFile) -> Int? {
    var block = [UInt8](repeating: 0, count: 1 << 12)
    var next = offset
    while next < file.size {
      let count = block.withUnsafeMutableBytes { bytes in
        try? SystemCalls.read(from: file.descriptor, into: bytes, at: next)
      }
      guard let count, count > 0 else { return nil }
      if let found = block[..<count].firstIndex(of: UInt8(ascii: "\n")) {
        return next + found + 1
      }
      next += count
    }
    return nil
  }

  /// The first bytes of the input (up to `count`, fewer at its end), kept to be read again.
  ///
  /// - Parameter count: How many bytes to look at.
  /// - Returns: The bytes; empty for an empty input.
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when reading fails.
  package func peek(_ count: Int) throws(TableInputError) -> [UInt8] {
    var bytes = pushedBack
    pushedBack = []
    while bytes.count < count {
      if try read(appendingTo: &bytes) == 0 { break }
    }
    pushedBack = bytes
    return bytes
  }

  /// Moves back to the start of a file.
  ///
  /// - Throws: ``TableInputError/Reason/cannotRead(_:)`` when the input cannot be read again.
  package func rewind() throws(TableInputError) {
    guard isRewindable else { throw Self.failure(name, "it cannot be read a second time") }
    pushedBack = []
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Self.failure(name, Errno(errno)) }
    var status = stat()
    expectedLeft = fstat(descriptor, &status) == 0 ? Int(status.st_size) : nil
    offset = 0
    progress?.restart(atByte: 0, row: 0)
  }

  /// Starts counting the bytes read, and lets the readers of this input count their rows, for
  /// a progress line read from another thread.
  ///
  /// - Returns: The counts, with the bytes to read as their total when the input is a regular
  ///   file (standard input redirected from one too); the same counts when called again.
  package func attachProgress() -> ReadProgress {
    if let progress { return progress }
    var status = stat()
    var size: Int?
    if region == nil, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
      // Standard input may start anywhere in its file: the bytes from where reading began.
      let position = Int(lseek(descriptor, 0, SEEK_CUR))
      size = Int(status.st_size) - max(position - offset, 0)
    }
    let progress = ReadProgress(totalBytes: size)
    // Bytes read before (a peek at the first ones to guess the format) count too.
    progress.reach(byte: offset)
    self.progress = progress
    return progress
  }

  private static func failure(_ name: String, _ why: String) -> TableInputError {
    TableInputError(path: name, position: nil, reason: .cannotRead(why))
  }

  /// The error for a system call on the input that failed with `error`, in the system's words.
  private static func failure(_ name: String, _ error: Errno) -> TableInputError {
    failure(name, SystemCalls.message(for: error.code))
  }

  /// How many bytes a read into the last `wanted` bytes of `buffer` gave, the rest of those
  /// bytes dropped; all of them when it failed.
  private func counted(
    _ read: Result<Int, Errno>, droppingFrom buffer: inout [UInt8], wanted: Int
  ) throws(TableInputError) -> Int {
    switch read {
    case .success(let count):
      buffer.removeLast(wanted - count)
      return count
    case .failure(let error):
      buffer.removeLast(wanted)
      throw Self.failure(name, error)
    }
  }
}

/// A regular file's descriptor, shared by inputs that read parts of it on other threads.
///
/// It is only a number: the ``ByteInput`` that opened the file keeps it open, and must outlive
/// every input made from it with ``ByteInput/init(region:of:)``.
package struct SharedFile: Sendable {
  /// The file as messages name it.
  package let name: String
  /// The open descriptor.
  package let descriptor: Int32
  /// The file's size in bytes when it was looked at.
  package let size: Int
}
