// Fuzzes the record readers of `Sources/TableKitRecords/` (CSV, TSV, JSON arrays and JSON
// Lines), compiled in here with the harness, through every path the command line reads them
// by, and compares the paths with each other.
//
// Input: the first byte picks the format (CSV, TSV, JSON, JSON Lines), how many rows are kept
// before the rest stream, the nominal chunk size and whether values are inferred and invalid
// UTF-8 replaced; the second picks the rows a read-ahead batch holds, the field and record
// limits and the columns shown (all, or some of `a` and `b` by name); the third how the pipe is
// fed and the CSV written (line ending, formula guard); the rest is the input, written to one scratch file (in /dev/shm when there is one) and
// into a pipe.
//
// Paths, each rendered as CSV with the error the rows ended on:
// - file: a file, one row after another (the kept rows on this thread, the rest read ahead on
//   a second one by the row prefetcher, on two processors);
// - chunked: the same file with chunked reading forced on (CSV and TSV are cut into chunks of a
//   few bytes read on two threads; a format that cannot be cut reads as `file` does);
// - pipe: the bytes through a pipe, read ahead with batches handed over before each read; the
//   third byte says whether the pipe holds them whole or a thread writes them in pieces, each
//   once the one before was read, so every read returns one piece;
// - kept (CSV and TSV, whose columns do not depend on the rows kept): the file with every row
//   kept, read on this thread alone (an error among them is thrown by the opening, before any
//   row is written, so only the error is compared then).
//
// Properties: nothing traps; every path writes the same bytes and ends on the same error (the
// same reason at the same byte offset, line and column: the pipe is given the file's name so
// even the name matches); an error names the input; an error's position lies inside the input
// and its line and column are those of its byte offset, counted here from the bytes (lines end
// at LF in JSON and at LF, CR LF or a lone CR in CSV and TSV; a column counts scalars, and a
// leading byte order mark, which the readers skip, none).
//
// The readers are reached through `TableInput.open(_:path:)` alone, as the command line and the
// tests reach them, so a new parser or thread protocol behind it is fuzzed unchanged.

import Foundation
import Synchronization
import TableKit
import TableRender

#if canImport(Glibc)
  import Glibc
#endif

/// The scratch file every execution rewrites: in /dev/shm (memory) when it exists, named by the
/// process so that two runs side by side do not share it.
private let scratchPath: String = {
  var status = stat()
  let directory = stat("/dev/shm", &status) == 0 ? "/dev/shm" : "/tmp"
  let path = "\(directory)/tablekit-fuzz-records-\(getpid())"
  atexit { unlink(scratchPath) }
  return path
}()

/// One way of reading the input.
private enum ReadingPath: String, CaseIterable {
  case file, chunked, pipe, kept
}

/// What one path gave: the rows rendered as CSV, and the error the rows ended on.
private struct Outcome: Equatable {
  var output: String
  var error: TableInputError?
}

/// The options the first two bytes pick.
private struct Options {
  var format: InputFormat
  var sample: Int
  var chunkSize: Int
  var infers: Bool
  var isLossy: Bool
  var readAheadRows: Int
  var limits: InputLimits
  var columns: [String]?
  /// The third byte: how many bytes each read of the pipe returns, or `nil` for all of them.
  var pipePiece: UInt8
  /// The renderer every path writes with: the third byte's bits 4 and 5 pick the formula
  /// guard and the line ending (a CSV file read in chunks has its records copied with that
  /// line ending, checked against the values written row by row).
  var renderer: CSVTableRenderer

  init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    pipePiece = third
    renderer = CSVTableRenderer(
      lineEnding: third & 0x20 != 0 ? .crlf : .lf, formulaGuard: third & 0x10 != 0 ? .off : .on)
    format = [InputFormat.csv, .tsv, .json, .jsonl][Int(first & 3)]
    sample = [1, 2, 3, 5][Int(first >> 2 & 3)]
    chunkSize = [1, 5, 16, 64][Int(first >> 4 & 3)]
    infers = first & 0x40 != 0
    isLossy = first & 0x80 != 0
    readAheadRows = [1, 2, 3, 4_096][Int(second & 3)]
    let small = Int(second >> 6)
    limits =
      [
        InputLimits(), InputLimits(field: 6), InputLimits(record: 20),
        InputLimits(field: 1 + small * 3, record: 4 + small * 8),
      ][Int(second >> 2 & 3)]
    // A selection reads only some columns: JSON readers are given it before the first record,
    // and chunks hand over the selected values only.
    columns = [nil, ["b", "a"], ["a"], ["b"]][Int(second >> 4 & 3)]
  }

  /// The way of reading for `path`.
  func input(for path: ReadingPath) -> TableInput {
    var input = TableInput()
    input.format = format
    input.infers = infers
    input.isLossy = isLossy
    input.limits = limits
    input.shaping.columns = columns
    input.sample = path == .kept ? 1 << 20 : sample
    input.readAheadRows = readAheadRows
    input.chunkSize = chunkSize
    input.chunking = path == .chunked ? .always : .never
    return input
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size >= 3 else { return 0 }
  let options = Options(data[0], data[1], data[2])
  let bytes = UnsafeBufferPointer(start: data + 3, count: size - 3)
  // A pipe holds 64 KiB: the bytes are written whole before they are read.
  guard bytes.count < 1 << 16 else { return 0 }
  writeScratchFile(bytes)
  let isDelimited = options.format == .csv || options.format == .tsv
  let paths: [ReadingPath] =
    isDelimited ? [.file, .chunked, .pipe, .kept] : [.file, .chunked, .pipe]
  let reference = read(.file, options, bytes)
  check(reference, of: Array(bytes), options)
  for path in paths.dropFirst() {
    let outcome = read(path, options, bytes)
    // Keeping every row moves an error among them to the opening, before any row is written.
    if path == .kept && outcome.error != nil && outcome.error == reference.error { continue }
    // Keeping every row reads them all before the columns asked for are looked up, so a bad
    // row may be met before a column that is not there; both are right.
    if path == .kept, case .unknownColumn = reference.error?.reason { continue }
    guard outcome != reference else { continue }
    if outcome.output == reference.output, bothName(outcome.error, reference.error) { continue }
    fail(
      "reading by \(path.rawValue) differs from reading the file row by row",
      [
        "options:", options, "input:", String(decoding: bytes, as: UTF8.self),
        "file:", reference.output, reference.error.map { "\($0)" } ?? "no error",
        "\(path.rawValue):", outcome.output, outcome.error.map { "\($0)" } ?? "no error",
      ])
  }
  return 0
}

/// Whether `one` and `other` are two true reports of one over-long field or record: one says
/// it passes its limit, the other names something wrong at or after its start (the rows before
/// are compared apart, so both readers got as far).
///
/// A reader checks the limits while it gathers a field's or record's bytes, and what is in them
/// once it has them; which comes first depends on where the input's reads end, so a pipe read
/// in pieces (or a chunk) may report the limit where a file read whole reports the bad byte or
/// token. An open finding (see Docs/Testing.md), tolerated here only for that pair.
private func bothName(_ one: TableInputError?, _ other: TableInputError?) -> Bool {
  guard let one, let other, let first = one.position, let second = other.position else {
    return false
  }
  for (limited, inside, start, place) in [(one, other, first, second), (other, one, second, first)]
  {
    switch limited.reason {
    case .fieldTooLong, .recordTooLong: break
    default: continue
    }
    // A record read whole is checked before its length: the bad byte may lie past the limit.
    if place.byteOffset >= start.byteOffset, inside.path == limited.path {
      return true
    }
  }
  return false
}

/// Reads the scratch file, which holds `bytes`, by `path` (for ``ReadingPath/pipe``, `bytes`
/// through a pipe) and renders the rows as CSV.
private func read(
  _ path: ReadingPath, _ options: Options, _ bytes: UnsafeBufferPointer<UInt8>
) -> Outcome {
  let input = options.input(for: path)
  do {
    let opened: TableInput.Opened
    if path == .pipe, let piece = options.piece(of: bytes.count) {
      let (pipe, writer) = PieceWriter.pipe(holding: Array(bytes), inPiecesOf: piece)
      defer { writer.finish() }
      let opened = try input.open(pipe, path: nil)
      let output = options.renderer.render(TableView(dataSource: opened.dataSource))
      return Outcome(output: output, error: opened.stream?.error)
    } else if path == .pipe {
      opened = try input.open(pipe(holding: bytes), path: nil)
    } else {
      opened = try input.open(try ByteInput(path: scratchPath), path: scratchPath)
    }
    // The formula guard marks text that starts with a sign and leaves numbers alone, so a
    // number read as text on one path and as a number on another differs.
    let output = options.renderer.render(TableView(dataSource: opened.dataSource))
    return Outcome(output: output, error: opened.stream?.error)
  } catch {
    return Outcome(output: "", error: error)
  }
}

/// Checks what does not need a second path: the error names the input, and its position is
/// where its byte offset is.
private func check(_ outcome: Outcome, of bytes: [UInt8], _ options: Options) {
  guard let error = outcome.error else { return }
  if error.path != scratchPath || !"\(error)".contains(scratchPath) {
    fail("an error does not name the input", [error, "\(error)"])
  }
  guard let position = error.position else { return }
  guard position.byteOffset >= 0, position.byteOffset <= bytes.count else {
    fail("an error's byte offset lies outside the input", [bytes.count, error, "\(error)"])
  }
  let prefix = bytes[..<position.byteOffset]
  // Columns count scalars: past invalid UTF-8 (read lossily) they have no single count.
  guard isValidUTF8(prefix) else { return }
  let isDelimited = options.format == .csv || options.format == .tsv
  let (line, column) = lineAndColumn(of: prefix, crEndsLines: isDelimited)
  guard line == position.line, column == position.column else {
    fail(
      "an error's line and column are not those of its byte offset",
      [
        "options:", options, "input:", String(decoding: bytes, as: UTF8.self), "error:", error,
        "\(error)", "expected line and column:", line, column,
      ])
  }
}

/// The line and column (from 1) of the byte after `prefix`: a line ends at LF, and also at
/// CR LF or a lone CR when `crEndsLines`; a column counts scalars, a leading byte order mark
/// none.
private func lineAndColumn(of prefix: ArraySlice<UInt8>, crEndsLines: Bool) -> (Int, Int) {
  var line = 1
  var column = 1
  var previous: UInt8 = 0
  // A leading byte order mark is skipped by the readers, not text: it takes no column.
  let text = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? prefix.dropFirst(3) : prefix
  for byte in text {
    if byte == UInt8(ascii: "\n") {
      if !(crEndsLines && previous == UInt8(ascii: "\r")) { line += 1 }
      column = 1
    } else if crEndsLines && byte == UInt8(ascii: "\r") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
    previous = byte
  }
  return (line, column)
}

/// Replaces the scratch file's bytes with `bytes`.
private func writeScratchFile(_ bytes: UnsafeBufferPointer<UInt8>) {
  let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { fail("cannot open the scratch file", [scratchPath, errno]) }
  defer { close(descriptor) }
  writeAll(descriptor, bytes)
}

/// A pipe holding `bytes`, its writing end closed, read as an input named as the scratch file
/// is (so errors compare whole).
private func pipe(holding bytes: UnsafeBufferPointer<UInt8>) -> ByteInput {
  var descriptors: [Int32] = [0, 0]
  guard Glibc.pipe(&descriptors) == 0 else { fail("cannot make a pipe", [errno]) }
  defer { close(descriptors[0]) }
  writeAll(descriptors[1], bytes)
  close(descriptors[1])
  return ByteInput(descriptor: descriptors[0], name: scratchPath)
}

extension Options {
  /// The bytes each read of the pipe returns for an input of `count` bytes: a quarter of the
  /// inputs go through the pipe whole (`nil`), the rest in up to six pieces of 1 to 64 bytes.
  func piece(of count: Int) -> Int? {
    guard pipePiece & 0xC0 != 0 else { return nil }
    return max(Int(pipePiece & 63) + 1, (count + 5) / 6)
  }
}

/// A pipe that a thread of its own fills in pieces, each written once the pipe is empty: every
/// read of the input then returns exactly one piece, so records, fields, tokens and UTF-8
/// sequences are cut across reads where the fuzzer says, as a slow writer cuts them, and the
/// cuts are the same when the input is run again.
private final class PieceWriter: Sendable {
  private let stopping = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  /// A pipe that a new writer fills with `bytes`, `piece` bytes at a time: its reading end,
  /// named as the scratch file is (so errors compare whole), and the writer.
  static func pipe(holding bytes: [UInt8], inPiecesOf piece: Int) -> (ByteInput, PieceWriter) {
    var descriptors: [Int32] = [0, 0]
    guard Glibc.pipe(&descriptors) == 0 else { fail("cannot make a pipe", [errno]) }
    let input = ByteInput(descriptor: descriptors[0], name: scratchPath)
    let writer = PieceWriter()
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    Thread {
      writer.write(bytes, piece: piece, to: writeEnd, watching: readEnd)
      close(writeEnd)
      close(readEnd)
      writer.finished.signal()
    }.start()
    return (input, writer)
  }

  /// Writes `bytes` a piece at a time, each once `readEnd` has nothing left to read, until the
  /// last or until ``finish()``.
  private func write(_ bytes: [UInt8], piece: Int, to writeEnd: Int32, watching readEnd: Int32) {
    var offset = 0
    while offset < bytes.count {
      var available: CInt = 0
      while !stopping.load(ordering: .relaxed),
        ioctl(readEnd, UInt(FIONREAD), &available) == 0, available > 0
      {
        usleep(20)
      }
      if stopping.load(ordering: .relaxed) { return }
      let end = min(offset + piece, bytes.count)
      bytes[offset..<end].withUnsafeBufferPointer { writeAll(writeEnd, $0) }
      offset = end
    }
  }

  /// Stops the writing thread (a reader that stopped early leaves pieces unread) and waits for
  /// it, so it never outlives the execution.
  func finish() {
    stopping.store(true, ordering: .relaxed)
    finished.wait()
  }
}

/// Writes every byte of `bytes` to `descriptor`.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
  guard let start = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, start + offset, bytes.count - offset)
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { fail("cannot write the input", [errno]) }
    offset += written
  }
}
