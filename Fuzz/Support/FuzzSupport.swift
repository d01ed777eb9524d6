// Shared by every harness: reading fuzz bytes as choices and text, collecting output, failing.

import TableRender

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a fuzzer's bytes as a sequence of choices; past the end every read answers zero.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<bound` (`bound` at most 256).
  mutating func choice(_ bound: Int) -> Int {
    Int(byte()) % max(bound, 1)
  }

  /// A coin toss.
  mutating func flag() -> Bool {
    byte() & 1 == 1
  }

  /// Eight bytes as a 64-bit pattern.
  mutating func word() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return value
  }

  /// Text of up to `limit` bytes: a length byte, then that many bytes decoded as UTF-8 (an
  /// invalid sequence becomes U+FFFD, so any bytes make a valid string).
  mutating func text(limit: Int = 64) -> String {
    let length = min(choice(limit + 1), bytes.count - min(position, bytes.count))
    let slice = bytes[position..<(position + length)]
    position += length
    return String(decoding: slice, as: UTF8.self)
  }

  /// All the bytes not read yet, as text.
  mutating func rest() -> String {
    let slice = bytes[min(position, bytes.count)...]
    position = bytes.count
    return String(decoding: slice, as: UTF8.self)
  }
}

/// A sink that keeps every chunk, and fails when a chunk does not end on a whole scalar (the
/// output buffer promises whole scalars per chunk).
final class CollectingSink: ByteSink {
  private(set) var bytes: [UInt8] = []

  func write(_ chunk: UnsafeBufferPointer<UInt8>) {
    if !isValidUTF8(chunk) {
      fail("a chunk handed to the sink is not valid UTF-8 on its own", [Array(chunk)])
    }
    bytes.append(contentsOf: chunk)
  }
}

/// Runs `body` on a buffer of `chunkSize` bytes and returns everything it wrote.
func collect(chunkSize: Int = 1 << 16, _ body: (inout OutputBuffer) -> Void) -> String {
  let sink = CollectingSink()
  var buffer = OutputBuffer(sink: sink, chunkSize: chunkSize)
  body(&buffer)
  buffer.flush()
  let output = String(decoding: sink.bytes, as: UTF8.self)
  if printsOutput { print(output) }
  return output
}

/// Whether `FUZZ_PRINT` is set, to see what a harness rendered when replaying one input.
private let printsOutput = getenv("FUZZ_PRINT") != nil

/// Whether `bytes` is valid UTF-8 on its own.
func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
  var iterator = bytes.makeIterator()
  var decoder = UTF8()
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue: continue
    case .emptyInput: return true
    case .error: return false
    }
  }
}

/// Reports a broken property with the values involved and stops, so libFuzzer saves the input.
func fail(_ message: String, _ details: [Any] = []) -> Never {
  var report = "fuzz property failed: \(message)\n"
  for detail in details { report += "  \(String(reflecting: detail))\n" }
  fatalError(report)
}

/// Fails with `message` unless `actual == expected`.
func expectEqual<Value: Equatable>(
  _ actual: Value, _ expected: Value, _ message: String, input: Any
) {
  guard actual != expected else { return }
  fail(message, ["input:", input, "actual:", actual, "expected:", expected])
}

/// `text` with `\r\n` and a lone `\r` turned into `\n`, scalar by scalar.
func normalizingLineBreaks(_ text: String) -> [Unicode.Scalar] {
  var result: [Unicode.Scalar] = []
  var previousWasCR = false
  for scalar in text.unicodeScalars {
    if scalar == "\n" && previousWasCR {
      previousWasCR = false
      continue
    }
    previousWasCR = scalar == "\r"
    result.append(scalar == "\r" ? "\n" : scalar)
  }
  return result
}

/// The uppercase hexadecimal digits of `value`, at least one.
func hexDigits(_ value: UInt32) -> String {
  String(value, radix: 16, uppercase: true)
}

extension Array where Element == Unicode.Scalar {
  /// Whether the scalars of `prefix` stand at `index` (compared scalar by scalar, not by
  /// grapheme cluster: a combining mark after `>` must not hide a `<br>`).
  func has(_ prefix: String, at index: Int) -> Bool {
    var position = index
    for scalar in prefix.unicodeScalars {
      guard position < count, self[position] == scalar else { return false }
      position += 1
    }
    return true
  }
}
