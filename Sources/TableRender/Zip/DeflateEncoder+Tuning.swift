extension DeflateEncoder {
  /// How hard the matcher looks for matches: zlib's configuration table, level by level.
  ///
  /// The greedy levels (1-3, zlib's `deflate_fast`) take the first match they find and insert
  /// the positions inside a match into the hash chains only when it is short; the lazy levels
  /// (4-6, `deflate_slow`) put a match off by one byte when the next position gives a longer
  /// one.
  package struct Tuning: Sendable, Equatable {
    /// The most chain links searched for a match.
    package var maximumChain: Int
    /// The match length past which the chain is searched a quarter as far.
    package var goodLength: Int
    /// The lazy search's limit, or the greedy insertion's.
    ///
    /// Lazy: the match length past which no lazy search is made. Greedy: the longest match
    /// whose positions all go into the hash chains.
    package var lazyLength: Int
    /// The match length that ends the search.
    package var niceLength: Int
    /// Whether matches are lazy (levels 4-6) or greedy (1-3).
    package var isLazy: Bool

    /// zlib's settings for a level from 1 (fastest) to 6 (zlib's default).
    ///
    /// - Parameter level: 1 through 6; below 1 is 1 and above 6 is 6.
    /// - Returns: The level's tuning.
    package static func level(_ level: Int) -> Tuning {
      switch level {
      case ...1: Tuning(maximumChain: 4, goodLength: 4, lazyLength: 4, niceLength: 8, isLazy: false)
      case 2: Tuning(maximumChain: 8, goodLength: 4, lazyLength: 5, niceLength: 16, isLazy: false)
      case 3: Tuning(maximumChain: 32, goodLength: 4, lazyLength: 6, niceLength: 32, isLazy: false)
      case 4: Tuning(maximumChain: 16, goodLength: 4, lazyLength: 4, niceLength: 16, isLazy: true)
      case 5: Tuning(maximumChain: 32, goodLength: 8, lazyLength: 16, niceLength: 32, isLazy: true)
      default:
        Tuning(maximumChain: 128, goodLength: 8, lazyLength: 16, niceLength: 128, isLazy: true)
      }
    }
  }
}
