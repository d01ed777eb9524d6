extension JSONTokenizer {
  /// Reads the next token if it is a string written exactly as `key`'s bytes, with no escape,
  /// and says whether it was; otherwise it reads nothing but the whitespace before the token.
  ///
  /// The records of a table usually repeat their keys in the same order: the reader compares
  /// the key it expects next with the bytes, with no `String` made for every key of every
  /// record. `key` must hold no `"`, no `\\` and no control character, so that bytes equal to
  /// it between two quotes are a whole, valid string token with that value (its bytes are valid
  /// UTF-8, being a `String`'s).
  ///
  /// - Parameter key: The key's UTF-8.
  /// - Returns: Whether the key was read (as ``next()`` would have read it).
  mutating func readString(matching key: UnsafeBufferPointer<UInt8>) -> Bool {
    // At the very start a byte order mark may be pending: leave that to `next()`.
    guard index > 0 || droppedCount > 0 else { return false }
    skipWhitespace()
    let end = index + key.count + 2
    guard end <= buffer.count else { return false }
    let start = index
    let matches = buffer.withUnsafeBufferPointer { bytes in
      guard bytes[start] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") else {
        return false
      }
      for offset in 0..<key.count where bytes[start + 1 + offset] != key[offset] {
        return false
      }
      return true
    }
    guard matches else { return false }
    tokenStart = start
    index = end
    return true
  }

  /// Reads the next token if it is the one-byte punctuation `byte` (`:`, `,`, `}` …) and says
  /// whether it was; otherwise it reads nothing but the whitespace before the token.
  ///
  /// The reader of records expects a colon after each key and a comma or a closing brace after
  /// each value: checking the byte costs less than making a ``JSONToken`` of it.
  ///
  /// - Parameter byte: The punctuation's byte.
  /// - Returns: Whether it was read (as ``next()`` would have read it).
  @inline(__always)
  mutating func read(punctuation byte: UInt8) -> Bool {
    // At the very start a byte order mark may be pending: leave that to `next()`.
    guard index > 0 || droppedCount > 0 else { return false }
    skipWhitespace()
    guard index < buffer.count, buffer[index] == byte else { return false }
    tokenStart = index
    index += 1
    return true
  }

  /// ``readString(matching:)`` for the key `keys[range]`.
  ///
  /// - Parameters:
  ///   - keys: Bytes that hold the key.
  ///   - range: Where it stands in them.
  /// - Returns: Whether the key was read.
  @inline(__always)
  mutating func readString(matching keys: [UInt8], in range: Range<Int>) -> Bool {
    keys.withUnsafeBufferPointer { readString(matching: UnsafeBufferPointer(rebasing: $0[range])) }
  }
}
