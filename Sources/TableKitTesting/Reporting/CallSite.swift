/// The place in a test that made an assertion: where its failure is reported.
///
/// Every assertion in TableKitTesting takes `fileID`, `filePath`, `line` and `column` parameters
/// that default to the caller's position, the way `#expect` and `XCTAssertEqual` do, and reports
/// its failure there. A helper that wraps an assertion passes its own parameters on, so the
/// failure lands on the line that called the helper.
package struct CallSite: Sendable {
  /// The file's module-qualified name, `#fileID`.
  package var fileID: StaticString
  /// The file's full path, `#filePath`; XCTest reports at this path.
  package var filePath: StaticString
  /// The line, from 1.
  package var line: UInt
  /// The column, from 1.
  package var column: UInt

  /// Names a place in a test file.
  ///
  /// The defaults name the place this initializer is called from.
  package init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

extension CallSite: CustomStringConvertible {
  /// The place as `fileID:line:column`.
  package var description: String { "\(fileID):\(line):\(column)" }
}
