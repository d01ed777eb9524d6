import TableKit
import TableKitArguments
import TableKitFiles
import TableKitRecords
import TableKitReports
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `-o FILE`: the rendered table goes to the file through ``SafeWrite``, so the old file is
/// replaced whole or stays as it was.
///
/// The table is rendered into a hidden temporary beside FILE (`.FILE.tablekit-XXXXXX`); only
/// when every row was read and written, and the temporary is synced, is it renamed over FILE.
/// A full disk, a bad row late in the input or a termination signal leaves FILE byte for byte
/// as it was and no temporary. An output that is the input is refused before anything is read.
enum OutputFile {
  /// Ends the program with status 64 when the output at `path` is the input: the same file
  /// (device and inode) as the input path, or as standard input when that is what is read.
  ///
  /// Every run would in fact read all of its input before the rename (the safe write replaces
  /// the file last), but a table written over its own data is almost always a mistake that
  /// loses the data, so it is refused whatever the command, before any byte is read.
  static func refuseIfInput(path: String, inputPath: String?, readsStandardInput: Bool) {
    do {
      guard let output = try FileIdentity(existingPath: path) else { return }
      let input: FileIdentity?
      let inputName: String
      if let inputPath, inputPath != "-" {
        input = try FileIdentity(existingPath: inputPath)
        inputName = "the input \"\(TerminalText.inert(BytePath.displayed(inputPath)))\""
      } else if inputPath == "-" || readsStandardInput {
        var status = stat()
        let kind = fstat(0, &status) == 0 ? status.st_mode & S_IFMT : 0
        // Only a file or a pipe is read from standard input; a terminal means the sample.
        input = kind == S_IFREG || kind == S_IFIFO ? try FileIdentity(descriptor: 0) : nil
        inputName = "standard input"
      } else {
        return
      }
      guard input == output else { return }
      fail(
        "the output \"\(TerminalText.inert(BytePath.displayed(path)))\" is the same file as \(inputName) "
          + "(directly or through a link); nothing was read or written: write to another "
          + "file, then move it over the input",
        status: .usage)
    } catch {
      fail(TerminalText.inert(error.description), status: .ioError)
    }
  }

  /// Renders `table` into the file at `path` through ``SafeWrite/file(at:_:)``; on any failure
  /// prints why, says that the old file is unchanged (or that none was written), and ends the
  /// program (74 for the output, the input error's own status for a bad row found while
  /// writing).
  ///
  /// `ticker`, the reading's progress line if one is shown, is stopped (its line cleared)
  /// once the rows are written, before the file replaces the old one or a failure is told.
  static func write(
    _ table: TableView, with renderer: any TableRenderer, to path: String,
    stream: RecordStreamDataSource?, ticker: ProgressTicker? = nil,
    reportFailure: ReportFailure? = nil
  ) {
    // Through `SystemCalls.status`, which opens the path's own bytes (not always UTF-8).
    let unchanged: String
    if let status = try? SystemCalls.status(path, followingLinks: true) {
      unchanged = status.st_mode & S_IFMT == S_IFREG ? "; the old file is unchanged" : ""
    } else {
      unchanged = "; no file was written"
    }
    do {
      try SafeWrite.file(at: path) { file in
        defer { ticker?.stop() }
        try renderer.write(table, toDescriptor: file.descriptor, destination: path)
        // A bad row ended the rows early: the temporary holds a table cut short, so it must
        // not replace the file.
        if let error = stream?.error { throw error }
        // A report stopped by an overflowing total must not replace the file either.
        if let error = reportFailure?.error { throw error }
      }
    } catch {
      // Also when the write failed before the rows (no temporary could be made).
      ticker?.stop()
      switch error {
      case let error as TableInputError:
        fail(TerminalText.inert(error.description) + unchanged, status: error.exitStatus)
      case let error as ReportError:
        fail(TerminalText.inert(error.description) + unchanged, status: .dataError)
      case let error as SafeWriteError:
        fail(error.description + (error.targetIsUnchanged ? unchanged : ""), status: .ioError)
      default:
        fail(TerminalText.inert("\(error)") + unchanged, status: .ioError)
      }
    }
  }
}
