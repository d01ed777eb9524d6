extension ReportLocale {
  /// The known identifiers nearest to one that is not known, for a message that says what was
  /// probably meant: the same identifier in other letter cases first, then the language's
  /// locales, then identifiers one or two edits away; at most `limit`.
  ///
  /// ```swift
  /// ReportLocale.identifiers(near: "de_de")  // ["de_DE"]
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The identifier as given.
  ///   - limit: The most identifiers returned.
  /// - Returns: Known identifiers, nearest first; empty when none is near.
  package static func identifiers(near identifier: String, limit: Int = 5) -> [String] {
    let wanted = Array(identifier.replacing("-", with: "_").lowercased().utf8)
    let language = wanted.split(separator: UInt8(ascii: "_")).first.map(Array.init) ?? []
    let known = ["en_US_POSIX"] + availableIdentifiers
    let ranked = known.compactMap { name -> (rank: Int, name: String)? in
      let candidate = Array(name.lowercased().utf8)
      if candidate == wanted { return (0, name) }
      let distance = editDistance(candidate, wanted)
      let sameLanguage =
        !language.isEmpty
        && candidate.split(separator: UInt8(ascii: "_")).first.map(Array.init) == language
      if sameLanguage { return (1 + min(distance, 9), name) }
      return distance <= 2 ? (10 + distance, name) : nil
    }
    return ranked.sorted { ($0.rank, $0.name) < ($1.rank, $1.name) }.prefix(limit).map(\.name)
  }

  /// Levenshtein distance of two byte strings.
  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
