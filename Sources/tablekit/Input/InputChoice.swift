import TableKitArguments
import TableKitFiles
package import TableKitRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which input the command reads: the file or `-` it was given, standard input when that is a
/// pipe or a file with data in it, or none (the built-in sample).
///
/// Standard input is read without `-` only when it is a pipe, a socket or a regular file, never
/// a terminal or a device such as `/dev/null`; an empty one means no input, so
/// `swift run tablekit` prints the sample wherever it runs (in CI, standard input is often
/// `/dev/null` or an empty pipe).
package enum InputChoice {
  /// The input to read, or `nil` for the sample; a file that cannot be opened ends the program.
  static func input(path: String?) -> ByteInput? {
    if let path, path != "-" {
      do {
        return try file(path: path)
      } catch {
        error.exit()
      }
    }
    let standardInput = ByteInput(standardInput: ())
    if path == "-" { return standardInput }
    var status = stat()
    guard fstat(0, &status) == 0 else { return nil }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFIFO || kind == S_IFREG || kind == S_IFSOCK else { return nil }
    do {
      return try standardInput.peek(1).isEmpty ? nil : standardInput
    } catch {
      fail(error.description, status: .dataError)
    }
  }
}

extension InputChoice {
  /// Opens the input file at `path`.
  ///
  /// - Parameter path: The file's path, as the user gave it.
  /// - Returns: The input.
  /// - Throws: ``CommandFailure`` with ``ExitStatus/noInput`` (66) when no file is at `path`,
  ///   ``ExitStatus/dataError`` (65) when it cannot be read (a folder, no permission).
  package static func file(path: String) throws(CommandFailure) -> ByteInput {
    do {
      return try ByteInput(path: path)
    } catch {
      // The path's own bytes (it may carry bytes that are not UTF-8), never the link's target.
      let missing: Bool
      do throws(Errno) {
        _ = try SystemCalls.status(path, followingLinks: false)
        missing = false
      } catch {
        missing = error.code == ENOENT
      }
      throw CommandFailure(message: error.description, status: missing ? .noInput : .dataError)
    }
  }
}

extension TableInputError {
  /// The exit status for the error: 64 for a column named on the command line that the input
  /// lacks, 65 for anything wrong with the input.
  var exitStatus: ExitStatus {
    if case .unknownColumn = reason { return .usage }
    return .dataError
  }
}
