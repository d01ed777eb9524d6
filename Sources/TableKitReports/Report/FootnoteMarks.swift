/// How footnote marks are written: numbers or the traditional symbols.
///
/// ```text
/// numbers:  1 2 3 4 5 6 7 …
/// symbols:  * † ‡ § ¶ ‖ ** †† ‡‡ …
/// ```
public enum FootnoteMarks: Hashable, Sendable {
  /// 1, 2, 3, …
  case numbers
  /// `*` `†` `‡` `§` `¶` `‖`, then each doubled, tripled and so on.
  case symbols

  private static let symbolSet = ["*", "†", "‡", "§", "¶", "‖"]

  /// The mark of the note at `index` (0 for the first).
  ///
  /// - Parameter index: The note's place in reading order, from 0.
  /// - Returns: Its mark.
  public func mark(at index: Int) -> String {
    switch self {
    case .numbers:
      return String(index + 1)
    case .symbols:
      let symbols = Self.symbolSet
      return String(
        repeating: symbols[index % symbols.count], count: index / symbols.count + 1)
    }
  }
}
