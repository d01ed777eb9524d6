/// A streaming DEFLATE compressor (RFC 1951) with an LZ77 matcher over a 32 KiB window.
///
/// Bytes go in with ``compress(_:)`` in pieces of any size and compressed bytes come out in
/// ``takeOutput(_:)``; ``finish()`` ends the stream. Memory is fixed whatever the input: a
/// 64 KiB window, hash chains of 64 KiB and 64 KiB of heads, and a block of at most
/// ``symbolLimit`` symbols.
///
/// The matcher is zlib's, at the level its ``Tuning`` names (level 1 by default; see
/// ``defaultTuning``): a hash of the next four bytes finds earlier positions with the same
/// start, a chain of them is searched for the longest match (compared eight bytes at a time);
/// the greedy levels take the match found, the lazy ones put it off by one byte when the next
/// position gives a longer one. Each block is written in whichever form is smallest for it: stored, fixed Huffman codes
/// or dynamic codes built from its own symbol counts (lengths limited to 15 bits).
///
/// The state lives in raw memory and, while bytes are matched or coded, in local variables:
/// no exclusivity checks or bounds checks in the loops that run per byte.
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
  /// zlib's level 1 (greedy matching, chains of 4): on the 1,000,000-row benchmark sheet 1.26
  /// times the size of zlib's level 6, for 70 % of this encoder's CPU time at level 3 (1.12
  /// times; see Docs/Performance.md).
  package static let defaultTuning = Tuning.level(1)

  /// The matcher's settings.
  let tuning: Tuning
  /// Two windows of input (the one matches reach back into and the one being matched), with a
  /// tail of spare bytes so word-sized reads past the end stay inside.
  let window: UnsafeMutablePointer<UInt8>
  /// The most recent position (plus nothing: 0 is "none") for each hash.
  let head: UnsafeMutablePointer<UInt16>
  /// For each position in the window modulo its size, the previous position with the same
  /// hash, or 0.
  let previous: UnsafeMutablePointer<UInt16>
  /// The block's symbols: a literal byte (below 256), or a match as its codes and extra bits,
  /// `0x8000_0000 | distanceExtra << 15 | distanceCode << 10 | lengthExtra << 5 | lengthCode`
  /// (the length code 0-28, to add to 257; the distance code 0-29).
  let symbols: UnsafeMutablePointer<UInt32>
  /// How often each literal/length symbol (286) and each distance symbol (30) occurs in the
  /// block.
  let literalFrequencies: UnsafeMutablePointer<Int>
  let distanceFrequencies: UnsafeMutablePointer<Int>

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
  /// How many of ``symbols`` the block holds.
  var symbolCount = 0
  var bits = DeflateBitWriter()
  var isFinished = false
  /// How many bytes went in, and how many came out so far.
  package private(set) var bytesIn = 0
  package private(set) var bytesOut = 0

  /// A compressor at the start of a stream.
  ///
  /// - Parameter tuning: How hard the matcher looks; ``defaultTuning`` unless given.
  package init(tuning: Tuning = DeflateEncoder.defaultTuning) {
    self.tuning = tuning
    let windowBytes = 2 * Self.windowSize + Self.maximumMatch + 16
    window = .allocate(capacity: windowBytes)
    window.initialize(repeating: 0, count: windowBytes)
    head = .allocate(capacity: 1 << Self.hashBits)
    head.initialize(repeating: 0, count: 1 << Self.hashBits)
    previous = .allocate(capacity: Self.windowSize)
    previous.initialize(repeating: 0, count: Self.windowSize)
    symbols = .allocate(capacity: Self.symbolLimit)
    literalFrequencies = .allocate(capacity: 286)
    literalFrequencies.initialize(repeating: 0, count: 286)
    distanceFrequencies = .allocate(capacity: 30)
    distanceFrequencies.initialize(repeating: 0, count: 30)
  }

  deinit {
    window.deallocate()
    head.deallocate()
    previous.deallocate()
    symbols.deallocate()
    literalFrequencies.deallocate()
    distanceFrequencies.deallocate()
    bits.deallocate()
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
    bits.reserve(8)
    bits.alignToByte()
    isFinished = true
  }

  /// Hands the compressed bytes made so far to `body` and forgets them.
  ///
  /// - Parameter body: Takes the bytes; they are valid only during the call.
  package func takeOutput(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard bits.count > 0 else { return }
    bytesOut += bits.count
    body(UnsafeBufferPointer(start: bits.start, count: bits.count))
    bits.removeAll()
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
    Self.slide(head, count: 1 << Self.hashBits)
    Self.slide(previous, count: size)
  }

  /// Moves every position down by the window size; those that fall out become 0 ("none").
  ///
  /// The window size is 0x8000, so a position keeps its low 15 bits when its top bit is set
  /// and becomes 0 when it is not: four positions at a time in a 64-bit word.
  private static func slide(_ positions: UnsafeMutablePointer<UInt16>, count: Int) {
    let words = UnsafeMutableRawPointer(positions)
    for offset in stride(from: 0, to: 2 * count, by: 8) {
      let word = words.load(fromByteOffset: offset, as: UInt64.self)
      let kept = (word & 0x8000_8000_8000_8000) &>> 15
      words.storeBytes(of: word & (kept &* 0x7FFF), toByteOffset: offset, as: UInt64.self)
    }
  }
}
