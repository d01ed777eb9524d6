import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Reports failures to the test framework that runs the current test.
///
/// Under Swift Testing (`Test.current` is set) a failure is an `Issue` recorded at the call site,
/// so `withKnownIssue` can catch it and its `sourceLocation` is the caller's. Under XCTest it is an
/// `XCTFail` at the caller's file and line (XCTest has no column).
package enum TestFailure {
  /// Records `message` as a failure at `site` in the running test.
  package static func record(_ message: String, at site: CallSite) {
    if Test.current != nil {
      recordIssue(message, at: site)
      return
    }
    #if canImport(XCTest)
      XCTFail(message, file: site.filePath, line: site.line)
    #else
      recordIssue(message, at: site)
    #endif
  }

  private static func recordIssue(_ message: String, at site: CallSite) {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: String(describing: site.fileID), filePath: String(describing: site.filePath),
        line: max(Int(site.line), 1), column: max(Int(site.column), 1)))
  }
}
