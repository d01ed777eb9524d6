import Foundation
import TableKitArguments
import TableRender

/// The hidden `--deflate` and `--zip` modes, which Scripts/zip-oracle.py checks with Python.
///
/// Python's `zlib` and `zipfile` are the oracle:
///
///     tablekit-bench --deflate [CHUNK [LEVEL]]      raw DEFLATE of standard input to standard
///                                                   output, fed CHUNK bytes at a time, at
///                                                   zlib's LEVEL (1-6, the encoder's default
///                                                   when not given); the CPU seconds on
///                                                   standard error
///     tablekit-bench --zip OUT [--zip64] FILE...    an archive of the files (members named as
///                                                   given), ZIP64 structures forced with --zip64
enum ZipCheck {
  /// Runs the mode `arguments` ask for and exits, or returns when they ask for neither.
  static func runIfAsked(_ arguments: [String]) {
    guard let mode = arguments.first, mode == "--deflate" || mode == "--zip" else { return }
    if mode == "--deflate" {
      let chunk = arguments.count > 1 ? Int(arguments[1]) ?? 65_536 : 65_536
      let tuning = arguments.count > 2 ? Int(arguments[2]).map(DeflateEncoder.Tuning.level) : nil
      deflate(chunk: max(chunk, 1), tuning: tuning ?? DeflateEncoder.defaultTuning)
    } else {
      var rest = Array(arguments.dropFirst())
      guard !rest.isEmpty else { stop("--zip needs an output file", status: .usage) }
      let output = rest.removeFirst()
      let forcesZip64 = rest.first == "--zip64"
      if forcesZip64 { rest.removeFirst() }
      zip(rest, to: output, forcesZip64: forcesZip64)
    }
    ExitStatus.success.exit()
  }

  private static func deflate(chunk: Int, tuning: DeflateEncoder.Tuning) {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let encoder = DeflateEncoder(tuning: tuning)
    var output = Data()
    let start = ProcessInfo.processInfo.systemUptime
    let clock = clock()
    input.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var index = 0
      repeat {
        let end = min(index + chunk, bytes.count)
        encoder.compress(UnsafeBufferPointer(rebasing: bytes[index..<end]))
        encoder.takeOutput { output.append($0) }
        index = end
      } while index < bytes.count
    }
    encoder.finish()
    encoder.takeOutput { output.append($0) }
    let cpu = Double(Foundation.clock() - clock) / Double(CLOCKS_PER_SEC)
    let wall = ProcessInfo.processInfo.systemUptime - start
    FileHandle.standardOutput.write(output)
    FileHandle.standardError.write(
      Data(
        "deflate: \(input.count) -> \(output.count) bytes, cpu \(cpu) s, wall \(wall) s\n".utf8))
  }

  private static func zip(_ paths: [String], to outputPath: String, forcesZip64: Bool) {
    guard FileManager.default.createFile(atPath: outputPath, contents: nil),
      let handle = FileHandle(forWritingAtPath: outputPath)
    else { stop("cannot create \(outputPath)", status: .cannotCreate) }
    let sink = FileDescriptorSink(descriptor: handle.fileDescriptor, destination: outputPath)
    let archive = ZipArchiveWriter(sink: sink, forcesZip64: forcesZip64)
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        stop("cannot read \(path)", status: .noInput)
      }
      archive.beginMember(named: path)
      // Pieces of varying size, so member data crosses the writer's buffers at odd places.
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var index = 0
        var piece = 1
        while index < bytes.count {
          let end = min(index + piece, bytes.count)
          archive.write(UnsafeBufferPointer(rebasing: bytes[index..<end]))
          index = end
          piece = piece * 7 % 100_003 + 1
        }
      }
    }
    archive.finish()
    if let error = sink.error { stop("\(error)", status: .ioError) }
    try? handle.close()
  }
}
