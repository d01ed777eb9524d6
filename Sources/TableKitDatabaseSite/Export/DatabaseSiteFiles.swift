package import TableKitFiles

/// Where an export of a database's site puts its files, and what it remembers of the last one.
///
/// Each page's three files (`.html`, `.csv`, `.json`) carry the page's fingerprint: what the
/// page is made from, its level included. Before it builds a page, the export asks
/// ``keepFiles(madeFrom:if:)`` to keep the files a previous export made from that
/// fingerprint, if they are the page's three; then it builds nothing (it does not even print
/// the page's name), else it builds the page and calls ``write(_:_:fingerprint:)`` for each. The sitemap, whose fingerprint is known only once it
/// is made, is looked up by name with ``previousFingerprint(of:)``. Paths are relative to the
/// site's folder.
package protocol DatabaseSiteFiles {
  /// The fingerprint the previous export stored for `file`, or `nil` when there is none (no
  /// previous export, no such file, or nothing to be trusted).
  ///
  /// - Parameter file: A file's path relative to the site's folder.
  /// - Returns: The stored fingerprint, or `nil`.
  func previousFingerprint(of file: String) -> InputFingerprint?

  /// Keeps the files the previous export stored with `fingerprint` (and this export has
  /// neither kept nor written), when `accepts` takes their paths.
  ///
  /// - Parameters:
  ///   - fingerprint: A page's fingerprint.
  ///   - accepts: Whether these paths, relative to the site's folder and in no order, are the
  ///     page's files; not called when there are none.
  /// - Returns: The paths kept, or `nil`: none, no previous export, or `accepts` refused.
  func keepFiles(madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool)
    -> [String]?

  /// Keeps `file` as the previous export wrote it: its inputs have not changed.
  ///
  /// - Parameters:
  ///   - file: A file's path relative to the site's folder, whose ``previousFingerprint(of:)``
  ///     was `fingerprint` (that of its page's `.html` file).
  ///   - fingerprint: The file's fingerprint, to store again.
  /// - Throws: ``DatabaseSiteError`` when the file cannot be kept.
  func keep(_ file: String, fingerprint: InputFingerprint) throws(DatabaseSiteError)

  /// Writes `file` with `bytes`, made from inputs whose fingerprint is `fingerprint`.
  ///
  /// - Parameters:
  ///   - file: A file's path relative to the site's folder.
  ///   - bytes: Its bytes.
  ///   - fingerprint: The fingerprint to store for it.
  /// - Throws: ``DatabaseSiteError`` when the file cannot be written.
  func write(_ file: String, _ bytes: [UInt8], fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
}
