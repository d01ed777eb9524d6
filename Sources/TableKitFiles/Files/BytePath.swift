#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file-system path as the system sees it, bytes, carried without loss in a `String`.
///
/// A path on Linux is any bytes but NUL; a `String` holds only valid Unicode, and Swift's own
/// conversion (`CommandLine.arguments`, `String(cString:)`) replaces bytes that are not UTF-8
/// with U+FFFD, so `lat\xE9.csv` would become another name. A carried path keeps every such
/// byte `b` as the private-use scalar U+10FF00 + `b` (U+10FF80 to U+10FFFF), and valid UTF-8
/// as itself; a path that is valid UTF-8 is carried as the very same string. The bytes of a
/// real U+10FF80–U+10FFFF in a name are carried one by one too, so the mapping is one to one.
///
/// The path is made from the bytes where it enters (``argument(_:text:attached:)`` reads them
/// from `argv`) and turned back into them where it is opened (``cString(_:)``, used by
/// ``SystemCalls`` and ``SafeWrite``), so `tablekit "$(printf 'lat\xe9.csv')"` opens exactly that file; messages
/// show such a byte as `\x{E9}` (``displayed(_:)``).
package enum BytePath {
  /// The scalars that carry a byte that is not (part of) valid UTF-8.
  static let carriers: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

  /// `bytes` carried in a `String`.
  ///
  /// - Parameter bytes: A path's bytes.
  /// - Returns: The same string as `String(decoding:as:)` when `bytes` are UTF-8 (and hold no
  ///   U+10FF80–U+10FFFF), else each other byte as its carrier scalar.
  package static func carried(_ bytes: some Collection<UInt8>) -> String {
    // Most paths are ASCII: the same string, made in one step rather than a scalar at a time.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    let bytes = Array(bytes)
    var result = ""
    result.unicodeScalars.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = scalar(in: bytes, at: index) {
        result.unicodeScalars.append(scalar)
        index += length
      } else {
        result.unicodeScalars.append(carrier(of: bytes[index]))
        index += 1
      }
    }
    return result
  }

  /// The bytes of the carried path `path`, NUL-terminated.
  ///
  /// - Parameter path: A path made by ``carried(_:)``, or any string.
  /// - Returns: Its bytes as the system takes them, with a NUL at the end.
  package static func cString(_ path: String) -> [CChar] {
    var bytes: [CChar] = []
    bytes.reserveCapacity(path.utf8.count + 1)
    for scalar in path.unicodeScalars {
      if carriers.contains(scalar.value) {
        bytes.append(CChar(bitPattern: UInt8(scalar.value - 0x10FF00)))
      } else {
        for byte in String(scalar).utf8 { bytes.append(CChar(bitPattern: byte)) }
      }
    }
    bytes.append(0)
    return bytes
  }

  /// `path` for a message: each carried byte as `\x{E9}`, everything else as it is.
  ///
  /// - Parameter path: A carried path.
  /// - Returns: The text to show.
  package static func displayed(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { carriers.contains($0.value) }) else {
      return path
    }
    var result = ""
    for scalar in path.unicodeScalars {
      if carriers.contains(scalar.value) {
        let hex = String(scalar.value - 0x10FF00, radix: 16, uppercase: true)
        result += "\\x{\(hex)}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The command-line argument at `index` of `argv`, carried with its exact bytes.
  ///
  /// `text` is the argument as the option parser read it (from `CommandLine.arguments`, so a
  /// byte that is not UTF-8 is U+FFFD there). When `argv[index]` is not the argument `text`
  /// came from (the parser was given other arguments, as in tests), `text` is returned.
  ///
  /// - Parameters:
  ///   - index: The argument's place in `argv` (0 is the program).
  ///   - text: The value as parsed.
  ///   - attached: Whether the value was attached to its option with `=` (`--out=site`); it
  ///     is then what follows the first `=`.
  /// - Returns: The value, carried.
  package static func argument(_ index: Int, text: String, attached: Bool) -> String {
    guard text.unicodeScalars.contains("\u{FFFD}"), index >= 0,
      index < Int(CommandLine.argc), let pointer = CommandLine.unsafeArgv[index]
    else { return text }
    var bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
      UInt8(bitPattern: $0)
    }
    if attached {
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return text }
      bytes = Array(bytes[(equals + 1)...])
    }
    // Only when these bytes are the ones `text` was read from.
    guard String(decoding: bytes, as: UTF8.self) == text else { return text }
    return carried(bytes)
  }

  /// The carrier scalar of `byte`.
  private static func carrier(of byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(0x10FF00 + UInt32(byte)).unsafelyUnwrapped
  }

  /// The scalar whose valid, shortest UTF-8 starts at `index` and its length, or `nil` when
  /// the byte there does not start one (or the scalar is a carrier, carried byte by byte).
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, !carriers.contains(value), let scalar = Unicode.Scalar(value) else {
      return nil
    }
    return (scalar, length)
  }
}
