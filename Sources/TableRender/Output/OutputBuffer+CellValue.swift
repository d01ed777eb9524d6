import TableKit

extension OutputBuffer {
  /// Stores `value` at `target` as a row writer's raw write does and returns its length: an
  /// integer, a decimal or an exact decimal in digits, a boolean as `true` or `false`, and a
  /// text and the empty value as the format's `text` and `empty` store them.
  ///
  /// A text is read in place from its contiguous UTF-8, so the value is not copied (retained
  /// and released) around the store: a writer's budget sends text with no contiguous UTF-8
  /// (bridged from Objective-C) and a date another way, and this stores nothing for them.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - target: Room for the value's longest form in the format.
  ///   - text: Stores a text's UTF-8 at a target and returns its length.
  ///   - empty: Stores the empty value at a target and returns its length.
  /// - Returns: The number of bytes stored.
  @inline(__always)
  static func store(
    _ value: CellValue,
    at target: UnsafeMutablePointer<UInt8>,
    text: (_ utf8: UnsafeBufferPointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>) -> Int,
    empty: (_ target: UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    switch value {
    case .text(let string):
      return string.utf8.withContiguousStorageIfAvailable { text($0, target) } ?? 0
    case .integer(let number):
      return store(integer: number, at: target)
    case .decimal(let number, let digits):
      return store(decimal: number, fractionDigits: digits, at: target)
    case .exactDecimal(let number):
      return store(exactDecimal: number, at: target)
    case .money(let money):
      return storeVerbatim(money.description, at: target)
    case .percent(let fraction):
      return storeVerbatim(fraction.percentText, at: target)
    case .date:
      // Writers' budgets send a date another way, as its written text.
      return 0
    case .boolean(let flag):
      return store(flag ? "true" : "false" as StaticString, at: target)
    case .empty:
      return empty(target)
    }
  }

  /// Stores the UTF-8 of `text` at `target` as it is and returns its length.
  ///
  /// For the plain text of money and percentages: letters, digits, a point, a sign, a space and
  /// `%`, which no format escapes. Out of line, so the rows that hold none of them carry none of
  /// this code.
  @inline(never)
  static func storeVerbatim(_ text: String, at target: UnsafeMutablePointer<UInt8>) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      UnsafeMutableRawBufferPointer(start: target, count: bytes.count).copyMemory(
        from: UnsafeRawBufferPointer(bytes))
      return bytes.count
    }
  }
}
