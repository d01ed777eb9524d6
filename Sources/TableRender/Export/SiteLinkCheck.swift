/// The check that every internal link of a site leads to a page of it, made before publishing.
///
/// The exporter tells it each link's target as it writes the link, and each file as it writes
/// it; pages link to their ancestors, which are written after them, so the check runs once, at
/// the end. It keeps one entry per distinct target (with the first page that linked to it),
/// not one per link.
package struct SiteLinkCheck {
  private var expected: [String: String] = [:]
  private var files: Set<String> = []

  /// An empty check.
  package init() {}

  /// Notes that the page `page` links to the file `target`.
  package mutating func expect(_ target: String, from page: String) {
    if expected[target] == nil { expected[target] = page }
  }

  /// Notes that `file` was written.
  package mutating func written(_ file: String) {
    files.insert(file)
  }

  /// Whether `file` was written already.
  package func hasWritten(_ file: String) -> Bool {
    files.contains(file)
  }

  /// Throws for the first target, in name order, that was not written.
  ///
  /// - Throws: ``SiteExportError/danglingLink(from:to:)``.
  package func check() throws(SiteExportError) {
    let dangling = expected.filter { !files.contains($0.key) }
    if let first = dangling.min(by: { $0.key < $1.key }) {
      throw .danglingLink(from: first.value, to: first.key)
    }
  }
}
