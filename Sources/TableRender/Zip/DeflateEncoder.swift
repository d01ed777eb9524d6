/// A streaming DEFLATE compressor (RFC 1951) with an LZ77 matcher over a 32 KiB window.
///
/// Bytes go in with ``compress(_:)`` in pieces of any size and compressed bytes come out in
/// ``takeOutput(_:)``; ``finish()`` ends the stream. Memory is fixed whatever the input: a
/// 64 KiB window, hash chains of 64 KiB and 64 KiB of heads, and a block of at most
/// ``symbolLimit`` symbols.
///
/// The matcher is zlib's `deflate_slow` at level 6: a hash of the next three bytes finds earlier
/// positions with the same start, the chain of at most 128 of them is searched for the longest
/// match (compared eight bytes at a time), and a match is put off by one byte when the next
/// position gives a longer one (lazy matching). Each block is written in whichever form is
/// smallest for it: stored, fixed Huffman codes or dynamic codes built from its own symbol
/// counts (lengths limited to 15 bits).
///
/// ```swift
/// let encoder = DeflateEncoder()
/// var compressed: [UInt8] = []
/// encoder.compress(Array("hello hello hello".utf8))
/// encoder.finish()
/// encoder.takeOutput { compressed.append(contentsOf: $0) }
/// ```
package final class DeflateEncoder {
  static let windowSize = 1 << 15
  static let minimumMatch = 3
  static let maximumMatch = 258
  /// The lookahead the matcher wants before it looks for a match (zlib's `MIN_LOOKAHEAD`).
  static let minimumLookahead = maximumMatch + minimumMatch + 1
  /// The farthest back a match may start, leaving room for the lookahead.
  static let maximumDistance = windowSize - minimumLookahead
  static let hashBits = 15
  /// The most symbols a block gathers before it is written.
  package static let symbolLimit = 1 << 15
  /// Chain length, the match length that stops the search, the match length past which no
  /// lazy search is made, and the one past which the chain is searched a quarter as far.
  static let maximumChain = 128
  static let niceLength = 128
  static let lazyLength = 16
  static let goodLength = 8

  /// Two windows of input (the one matches reach back into and the one being matched), with a
  /// tail of spare bytes so word-sized reads past the end stay inside.
  let window: UnsafeMutablePointer<UInt8>
  /// The most recent position (plus nothing: 0 is "none") for each hash.
  let head: UnsafeMutablePointer<UInt16>
  /// For each position in the window modulo its size, the previous position with the same
  /// hash, or 0.
  let previous: UnsafeMutablePointer<UInt16>

  var position = 0
  var lookahead = 0
  var matchStart = 0
  var matchLength = minimumMatch - 1
  var previousLength = minimumMatch - 1
  var previousMatch = 0
  var hasPendingLiteral = false
  /// Where the current block's bytes start in the window, and how many it covers so far.
  var blockStart = 0
  var blockBytes = 0

  /// The block's symbols: a literal byte (below 256), or a match as `0x8000_0000 | distance << 9
  /// | (length - 3)`.
  var symbols: [UInt32] = []
  var literalFrequencies = [Int](repeating: 0, count: 286)
  var distanceFrequencies = [Int](repeating: 0, count: 30)
  var bits = DeflateBitWriter()
  var isFinished = false
  /// How many bytes went in, and how many came out so far.
  package private(set) var bytesIn = 0
  package private(set) var bytesOut = 0

  /// A compressor at the start of a stream.
  package init() {
    let windowBytes = 2 * Self.windowSize + Self.maximumMatch + 16
    window = .allocate(capacity: windowBytes)
    window.initialize(repeating: 0, count: windowBytes)
    head = .allocate(capacity: 1 << Self.hashBits)
    head.initialize(repeating: 0, count: 1 << Self.hashBits)
    previous = .allocate(capacity: Self.windowSize)
    previous.initialize(repeating: 0, count: Self.windowSize)
    symbols.reserveCapacity(Self.symbolLimit)
  }

  deinit {
    window.deallocate()
    head.deallocate()
    previous.deallocate()
  }

  /// Compresses `bytes` (the stream's next input); output becomes available as blocks fill.
  ///
  /// - Parameter input: The next bytes.
  package func compress(_ input: UnsafeBufferPointer<UInt8>) {
    precondition(!isFinished, "DeflateEncoder: input after finish()")
    guard var source = input.baseAddress else { return }
    var remaining = input.count
    bytesIn += remaining
    while remaining > 0 {
      slideIfNeeded()
      let free = 2 * Self.windowSize - position - lookahead
      let piece = min(free, remaining)
      (window + position + lookahead).update(from: source, count: piece)
      lookahead += piece
      source += piece
      remaining -= piece
      match(finishing: false)
    }
  }

  /// Compresses the bytes of an array; see ``compress(_:)-(UnsafeBufferPointer<UInt8>)``.
  ///
  /// - Parameter input: The next bytes.
  package func compress(_ input: [UInt8]) {
    input.withUnsafeBufferPointer { compress($0) }
  }

  /// Ends the stream: compresses what is left and writes the final block.
  package func finish() {
    guard !isFinished else { return }
    match(finishing: true)
    writeBlock(isFinal: true)
    bits.alignToByte()
    isFinished = true
  }

  /// Hands the compressed bytes made so far to `body` and forgets them.
  ///
  /// - Parameter body: Takes the bytes; they are valid only during the call.
  package func takeOutput(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !bits.bytes.isEmpty else { return }
    bytesOut += bits.bytes.count
    bits.bytes.withUnsafeBufferPointer(body)
    bits.bytes.removeAll(keepingCapacity: true)
  }

  /// Moves the upper window down when the lookahead nears its end, after writing the current
  /// block (so a block's bytes are always in the window, for a stored block).
  private func slideIfNeeded() {
    guard position >= 2 * Self.windowSize - Self.minimumLookahead else { return }
    writeBlock(isFinal: false)
    let size = Self.windowSize
    window.update(from: window + size, count: size)
    matchStart -= size
    previousMatch -= size
    position -= size
    blockStart -= size
    let shift = UInt16(size)
    for index in 0..<(1 << Self.hashBits) {
      let value = head[index]
      head[index] = value >= shift ? value - shift : 0
    }
    for index in 0..<size {
      let value = previous[index]
      previous[index] = value >= shift ? value - shift : 0
    }
  }

  /// The hash of the three bytes at `offset`.
  @inline(__always)
  func hash(at offset: Int) -> Int {
    let word = UnsafeRawPointer(window + offset).loadUnaligned(as: UInt32.self)
    let three = UInt32(littleEndian: word) & 0x00FF_FFFF
    return Int((three &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
  }

  /// Records the position `offset` under its hash and returns the previous one with that hash.
  @inline(__always)
  func insert(at offset: Int) -> Int {
    let key = hash(at: offset)
    let earlier = Int(head[key])
    previous[offset & (Self.windowSize - 1)] = UInt16(truncatingIfNeeded: earlier)
    head[key] = UInt16(truncatingIfNeeded: offset)
    return earlier
  }
}
