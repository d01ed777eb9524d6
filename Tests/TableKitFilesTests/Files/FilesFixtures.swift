import Foundation
import TableKitFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder for one test, removed when the test ends.
final class ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("safewrite-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// `name` inside the folder.
  func at(_ name: String) -> String { path + "/" + name }

  /// Writes `text` at `name` directly, as the "old" content a safe write must keep.
  func put(_ text: String, at name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: at(name)))
  }

  /// The bytes at `name`.
  func bytes(at name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: at(name))))
  }

  /// The text at `name`.
  func text(at name: String) throws -> String {
    String(decoding: try bytes(at: name), as: UTF8.self)
  }

  /// The names in `folder` (the scratch folder itself by default), dot files included, sorted.
  func names(in folder: String? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.map(at) ?? path).sorted()
  }

  /// Every file under `folder` with its content, by relative path.
  func tree(_ folder: String) throws -> [String: String] {
    var result: [String: String] = [:]
    let root = at(folder)
    guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
    for case let relative as String in walker {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder)
      result[relative] = isFolder.boolValue ? "<folder>" : try text(at: folder + "/" + relative)
    }
    return result
  }

  /// What the marker file of a folder written by `SafeWrite.directory` says.
  static let markerText =
    "This folder was written by TableKit. The next export to it replaces it whole.\n"

  /// The tree of a folder `SafeWrite.directory` wrote: every file but its marker and its
  /// manifest, or `["<no marker>": …]` when the marker is missing or says something else, or
  /// `["<manifest>": …]` when the manifest does not list exactly the tree's files.
  func writtenTree(_ folder: String) throws -> [String: String] {
    var files = try tree(folder)
    let marker = files.removeValue(forKey: SafeWrite.writtenMarker)
    guard marker == Self.markerText else { return ["<no marker>": marker ?? "missing"] }
    let manifest = files.removeValue(forKey: SiteManifest.fileName)
    let listed = manifest.flatMap { SiteManifest(parsing: Array($0.utf8)) }?.files.map(\.path)
    let written = files.filter { $0.value != "<folder>" }.keys.sorted()
    guard let listed, listed.sorted() == written else {
      return ["<manifest>": manifest ?? "missing"]
    }
    return files
  }

  /// Marks `folder` as one TableKit wrote, as an earlier export leaves it.
  func markAsWritten(_ folder: String) throws {
    try put(Self.markerText, at: folder + "/" + SafeWrite.writtenMarker)
  }

  /// The permission bits of `name`.
  func mode(at name: String) -> mode_t {
    var info = stat()
    return lstat(at(name), &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  /// Whether `name` is a symbolic link.
  func isLink(_ name: String) -> Bool {
    var info = stat()
    return lstat(at(name), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
}

/// An error of the tests' own, to check that a safe write rethrows it unchanged.
struct StopWriting: Error, Equatable {
  let reason: String
}
