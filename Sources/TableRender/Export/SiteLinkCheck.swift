/// The check that every internal link of a site leads to a page of it, made before publishing.
///
/// The exporter tells it each link's target as it writes the link, and each file as it writes
/// it; pages link to their ancestors, which are written after them, so the check runs once, at
/// the end. The files written are kept compactly (``SiteFileNames``, which the sitemap then
/// lists); a target not written yet is kept with the first page that linked to it until it is
/// written, so only the links ahead of the pages are held, not one entry per target.
package struct SiteLinkCheck {
  private var pending: [String: String] = [:]
  /// The files written, in no order.
  package private(set) var files = SiteFileNames()

  /// An empty check.
  package init() {}

  /// Notes that the page `page` links to the file `target`.
  package mutating func expect(_ target: String, from page: String) {
    if pending[target] == nil, !files.contains(target) { pending[target] = page }
  }

  /// Notes that `file` was written.
  package mutating func written(_ file: String) {
    files.insert(file)
    guard pending.removeValue(forKey: file) != nil else { return }
    // A dictionary keeps its largest table when emptied: thousands of targets can be ahead at
    // once (a list's rows before their pages), and the sitemap is made after the last page.
    if pending.isEmpty, pending.capacity > 1 << 12 { pending = [:] }
  }

  /// Whether `file` was written already.
  package func hasWritten(_ file: String) -> Bool {
    files.contains(file)
  }

  /// Throws for the first target, in name order, that was not written.
  ///
  /// - Throws: ``SiteExportError/danglingLink(from:to:)``.
  package func check() throws(SiteExportError) {
    if let first = pending.min(by: { $0.key < $1.key }) {
      throw .danglingLink(from: first.value, to: first.key)
    }
  }
}
