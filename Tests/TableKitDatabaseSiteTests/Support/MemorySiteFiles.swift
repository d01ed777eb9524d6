import TableKitDatabaseSite
import TableKitFiles

/// A site's files held in memory, each with its fingerprint; given the files of a previous
/// export, pages whose fingerprint did not change are kept with that export's bytes.
final class MemorySiteFiles: DatabaseSiteFiles {
  /// A file's bytes and the fingerprint stored with them.
  struct File: Equatable {
    var bytes: [UInt8]
    var fingerprint: InputFingerprint
  }

  /// The previous export's files, or none.
  let previous: [String: File]
  /// The files this export wrote or kept.
  private(set) var files: [String: File] = [:]
  /// The files kept from `previous`.
  private(set) var kept: Set<String> = []

  init(previous: [String: File] = [:]) {
    self.previous = previous
  }

  func previousFingerprint(of file: String) -> InputFingerprint? {
    previous[file]?.fingerprint
  }

  func keep(_ file: String, fingerprint: InputFingerprint) throws(DatabaseSiteError) {
    guard let old = previous[file], old.fingerprint == fingerprint, files[file] == nil else {
      throw .noSuchLevel("kept file \(file) with no matching previous fingerprint")
    }
    files[file] = old
    kept.insert(file)
  }

  func write(_ file: String, _ bytes: [UInt8], fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
  {
    guard files[file] == nil else { throw .noSuchLevel("wrote \(file) twice") }
    files[file] = File(bytes: bytes, fingerprint: fingerprint)
  }
}
