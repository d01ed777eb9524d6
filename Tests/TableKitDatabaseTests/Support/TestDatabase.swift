import Foundation
import TableKitDatabase

/// A database made at test time by Python's `sqlite3` module in a temporary folder, from SQL.
struct TestDatabase {
  /// The folder, removed by ``remove()``.
  let folder: URL
  /// The database file.
  let path: String

  /// Makes `name` in a new temporary folder by running `sql` (several statements) through
  /// Python's `sqlite3.executescript`.
  ///
  /// - Parameters:
  ///   - sql: The statements.
  ///   - name: The file's name.
  /// - Throws: When Python cannot make it.
  init(_ sql: String, name: String = "test.db") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tablekit-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent(name).path
    try Self.python(
      "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.executescript(sys.stdin.read())\nc.commit()\nc.close()",
      arguments: [path], input: sql)
  }

  /// Runs Python 3 with `script`, `arguments` and `input` on standard input; returns its
  /// standard output.
  @discardableResult
  static func python(_ script: String, arguments: [String] = [], input: String = "") throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let standardInput = Pipe()
    let standardOutput = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestFailure("python3 ended with status \(process.terminationStatus)")
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The file's bytes.
  var bytes: [UInt8] {
    get throws { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
  }

  /// Replaces the file's bytes.
  func write(_ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Opens the database.
  func open() throws(DatabaseError) -> Database {
    try Database(path: path)
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// A test's own failure, with a message.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
