import Foundation
import Synchronization
import TableKit

/// A clock the test moves by hand.
final class TestClock: Sendable {
  private let time: Mutex<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    time = Mutex(start)
  }

  var now: Date { time.withLock { $0 } }

  func advance(by seconds: Double) {
    time.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// The clock as the closure the cache and the model take.
  var closure: @Sendable () -> Date { { self.now } }
}

/// A fresh, empty folder under the temporary folder, removed by `body`'s end.
func withCacheFolder<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (String) async throws -> Result
) async rethrows -> Result {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tablekit-cache-\(UUID().uuidString)").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  return try await body(folder)
}

/// The names of the entry files in `folder`.
func entryFiles(in folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".page") }.sorted()
}
