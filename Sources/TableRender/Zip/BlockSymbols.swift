/// The matcher's view of the block being gathered, held in a local variable while it runs: the
/// encoder's symbol and frequency buffers with the counts beside them, so recording a symbol
/// touches no stored property of the encoder (no exclusivity check).
struct BlockSymbols {
  private let symbols: UnsafeMutablePointer<UInt32>
  private let literalFrequencies: UnsafeMutablePointer<Int>
  private let distanceFrequencies: UnsafeMutablePointer<Int>
  private var count: Int
  private var bytes: Int

  /// The block `encoder` is gathering.
  init(_ encoder: DeflateEncoder) {
    symbols = encoder.symbols
    literalFrequencies = encoder.literalFrequencies
    distanceFrequencies = encoder.distanceFrequencies
    count = encoder.symbolCount
    bytes = encoder.blockBytes
  }

  /// Whether the block holds ``DeflateEncoder/symbolLimit`` symbols and must be written.
  var isFull: Bool { count == DeflateEncoder.symbolLimit }

  /// Adds a literal byte.
  @inline(__always)
  mutating func record(literal: UInt8) {
    symbols[count] = UInt32(literal)
    count += 1
    literalFrequencies[Int(literal)] += 1
    bytes += 1
  }

  /// Adds a match, as its codes and extra bits (see ``DeflateEncoder/symbols``): what the
  /// block's writer needs, found once here where the counts need the codes too.
  @inline(__always)
  mutating func record(distance: Int, length: Int) {
    let lengthCode = DeflateEncoder.lengthCode(length - DeflateEncoder.minimumMatch)
    let distanceCode = DeflateEncoder.distanceCode(distance - 1)
    symbols[count] =
      0x8000_0000 | UInt32(truncatingIfNeeded: distanceCode.extra) << 15
      | UInt32(truncatingIfNeeded: distanceCode.code) << 10
      | UInt32(truncatingIfNeeded: lengthCode.extra) << 5
      | UInt32(truncatingIfNeeded: lengthCode.code)
    count += 1
    literalFrequencies[257 + lengthCode.code] += 1
    distanceFrequencies[distanceCode.code] += 1
    bytes += length
  }

  /// Hands the counts back to `encoder`.
  func store(in encoder: DeflateEncoder) {
    encoder.symbolCount = count
    encoder.blockBytes = bytes
  }

  /// Writes the block through `encoder` and starts the next.
  mutating func write(_ encoder: DeflateEncoder) {
    store(in: encoder)
    encoder.writeBlock(isFinal: false)
    count = 0
    bytes = 0
  }
}
