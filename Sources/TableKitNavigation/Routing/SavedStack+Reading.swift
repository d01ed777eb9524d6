import TableKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SavedStack {
  /// The saved stack as JSON text with sorted keys, so equal stacks save equal text.
  public var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Strings, integers and arrays of them always encode.
    guard let data = try? encoder.encode(self) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// What reading saved text gave: each level, `nil` where a level could not be decoded, or a
  /// failure of the whole text.
  enum Reading {
    case levels([SavedLevel?])
    case failure(RestoreFailure)
  }

  /// Reads saved text of any version this one knows, migrating older ones; never throws.
  static func read(_ text: String) -> Reading {
    guard text.utf8.count <= maximumLength else {
      return .failure(
        .undecodable(reason: "it is \(text.utf8.count) bytes, more than \(maximumLength)."))
    }
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    guard let probe = try? decoder.decode(VersionProbe.self, from: data) else {
      return .failure(.undecodable(reason: "it is not a JSON object with a version number."))
    }
    switch probe.version {
    case ...0:
      return .failure(.undecodable(reason: "version \(probe.version) was never written."))
    case 1:
      guard let old = try? decoder.decode(Version1.self, from: data) else {
        return .failure(.undecodable(reason: "version 1 holds a list of URLs under \"urls\"."))
      }
      return levels(old.urls.map { $0.value.map { SavedLevel(url: $0) } })
    case currentVersion:
      guard let current = try? decoder.decode(Version2.self, from: data) else {
        return .failure(.undecodable(reason: "version 2 holds a list of levels under \"levels\"."))
      }
      return levels(current.levels.map(\.value))
    default:
      return .failure(.newerVersion(found: probe.version, supported: currentVersion))
    }
  }

  /// The levels, or a failure when there are none: a stack always has a root.
  private static func levels(_ levels: [SavedLevel?]) -> Reading {
    levels.isEmpty ? .failure(.undecodable(reason: "it holds no levels.")) : .levels(levels)
  }

  private struct VersionProbe: Decodable {
    let version: Int
  }

  /// Version 1: the URLs only.
  private struct Version1: Decodable {
    let urls: [Lenient<String>]
  }

  /// Version 2 with each level read on its own, so one bad level does not lose the others.
  private struct Version2: Decodable {
    let levels: [Lenient<SavedLevel>]
  }

  /// A value that decodes to `nil` instead of failing.
  private struct Lenient<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws {
      value = try? Value(from: decoder)
    }
  }
}
