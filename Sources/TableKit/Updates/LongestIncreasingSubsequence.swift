/// Which elements of a sequence of distinct numbers form a longest strictly increasing
/// subsequence: the rows a diff keeps in place.
///
/// The diff gives it, for the items that stay in one section, their old rows in their new order.
/// The longest increasing run of those keeps its relative order, so those rows need no move; every
/// other one is moved. No shorter list of moves can reorder them, so the moves are minimal.
@usableFromInline
enum LongestIncreasingSubsequence {
  /// Marks the members of one longest strictly increasing subsequence of the values of
  /// `values` that are not negative; negative values stand for elements that take no part.
  ///
  /// Patience sorting: the smallest tail of an increasing subsequence of each length is kept in
  /// a sorted list, each value finds its place by binary search and remembers the element
  /// before it, and the longest one is read back from its last element.
  ///
  /// - Parameter values: Numbers, distinct where not negative.
  /// - Returns: One flag per value, `true` for the members of the subsequence (never for a
  ///   negative value).
  /// - Complexity: O(k log k) for k values; O(k) when they already increase.
  @usableFromInline
  static func members(of values: [Int]) -> [Bool] {
    var last = -1
    var increasing = true
    for value in values where value >= 0 {
      if value <= last {
        increasing = false
        break
      }
      last = value
    }
    if increasing { return values.map { $0 >= 0 } }
    // tails[length - 1]: the index of the smallest last value of an increasing subsequence of
    // that length found so far. previous[i]: the index before i in its subsequence, or -1. A
    // value above every tail extends the longest at once, which is what almost every value does
    // when only a few moved.
    var tails: [Int] = []
    tails.reserveCapacity(values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() where value >= 0 {
      if let last = tails.last, value <= values[last] {
        var low = 0
        var high = tails.count - 1
        while low < high {
          let middle = (low + high) / 2
          if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        tails[low] = index
      } else {
        previous[index] = tails.last ?? -1
        tails.append(index)
      }
    }
    var members = [Bool](repeating: false, count: values.count)
    var index = tails.last ?? -1
    while index >= 0 {
      members[index] = true
      index = previous[index]
    }
    return members
  }
}
