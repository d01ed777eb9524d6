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

  /// The previous export's files by fingerprint.
  private let previousByFingerprint: [InputFingerprint: [String]]

  init(previous: [String: File] = [:]) {
    self.previous = previous
    var byFingerprint: [InputFingerprint: [String]] = [:]
    for (name, file) in previous { byFingerprint[file.fingerprint, default: []].append(name) }
    previousByFingerprint = byFingerprint
  }

  func keepFiles(madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool)
    -> [String]?
  {
    let names = (previousByFingerprint[fingerprint] ?? []).filter { files[$0] == nil }
    guard !names.isEmpty, accepts(names) else { return nil }
    for name in names {
      files[name] = previous[name]
      kept.insert(name)
    }
    return names
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
