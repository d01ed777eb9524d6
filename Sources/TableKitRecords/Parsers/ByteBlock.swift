#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
  import _Builtin_intrinsics.intel
#endif

// `-D TABLEKIT_WORD_BLOCKS` makes the scans use the eight-byte blocks on x86-64 too, so their
// code for other processors is tested here (Scripts/sanitizers.sh builds its ThreadSanitizer
// run so; Docs/Testing.md).
#if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !TABLEKIT_WORD_BLOCKS
  /// The block the scans use here: thirty-two bytes in two SSE2 registers (SSE2 is part of
  /// every x86-64 processor, so nothing is checked at run time; the intrinsics come with the
  /// compiler, as Clang's builtin headers, not from a package).
  package typealias ByteBlock = SSE2ByteBlock
#else
  /// The block the scans use here: eight bytes in a `UInt64`.
  package typealias ByteBlock = WordByteBlock
#endif

// A block of bytes tested at once, each answer a mask with bit `i` set for byte `i`.
//
// The scans ask one question of a block (which bytes are commas, line feeds, quotes), and a
// mask a bit a byte lets them walk the matches with `trailingZeroBitCount` the same way whatever
// the block's width. Both kinds are written for every platform that can hold them, so the tests
// check each against the bytes on any machine; `ByteBlock` names the faster one.

/// The bytes ``WordByteBlock/fieldStartCandidates`` and ``SSE2ByteBlock/fieldStartCandidates``
/// flag: a superset of the field starts the CSV writer's formula guard looks at, so a scan need
/// look up its own table only for these.
package enum FieldStartCandidates {
  /// Whether `byte` is one of them.
  package static func contains(_ byte: UInt8) -> Bool {
    byte < 0x30 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "@") || byte >= 0x7F
  }
}

/// Eight bytes in a `UInt64`, tested with whole-word arithmetic: the block where there is no
/// SSE2.
package struct WordByteBlock {
  /// The bytes a block holds.
  package static let width = 8

  let word: UInt64

  /// The block of ``width`` bytes at `pointer`, which need not be aligned.
  @inline(__always)
  package init(_ pointer: UnsafeRawPointer) {
    word = pointer.loadUnaligned(as: UInt64.self).littleEndian
  }

  /// A bit for each byte equal to `byte`.
  ///
  /// The high bit of a byte of `difference` (the word xor the pattern) is set when its low
  /// seven bits, plus seven ones, carry into it, or when it was set already: when the byte
  /// differs. No carry leaves a byte, so every answer can be trusted.
  @inline(__always)
  package func matches(_ byte: UInt8) -> UInt32 {
    let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let differs = ((difference & sevenBits) &+ sevenBits) | difference
    return Self.gathered(~differs & 0x8080_8080_8080_8080)
  }

  /// A bit for each byte at or above 0x80: the bytes that are not ASCII.
  @inline(__always)
  package var nonASCII: UInt32 {
    Self.gathered(word & 0x8080_8080_8080_8080)
  }

  /// A bit for each byte that may start a field the CSV formula guard looks at: below `0`,
  /// `=`, `@`, DEL and every byte from 0x80 (``FieldStartCandidates``).
  ///
  /// Below `0`: the low seven bits plus 0x50 reach the high bit from 0x30 on, and no sum
  /// leaves its byte.
  @inline(__always)
  package var fieldStartCandidates: UInt32 {
    let fromZero = ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x5050_5050_5050_5050)
    let below = ~fromZero | word
    return Self.gathered(below & 0x8080_8080_8080_8080) | matches(UInt8(ascii: "="))
      | matches(UInt8(ascii: "@")) | matches(0x7F)
  }

  /// Stores the block's bytes at `pointer`, which need not be aligned.
  @inline(__always)
  package func store(to pointer: UnsafeMutableRawPointer) {
    pointer.storeBytes(of: word.littleEndian, as: UInt64.self)
  }

  /// The high bits of a word's eight bytes, as the low eight bits of a mask.
  ///
  /// Byte `i`'s bit, moved down to bit `8i`, is multiplied onto bit `56 + i` by the term
  /// `2^(56 - 7i)`; every other product lands below bit 56 or past bit 63, on bits no two
  /// products share, so no carry disturbs the top byte.
  @inline(__always)
  private static func gathered(_ highBits: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: ((highBits &>> 7) &* 0x0102_0408_1020_4080) &>> 56)
  }
}

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
  /// Thirty-two bytes in two SSE2 registers, tested with one compare and one `pmovmskb` a
  /// register and a question: two registers a block halve the work done once a block (the
  /// loop, the masks' bookkeeping), which cost as much as the tests.
  package struct SSE2ByteBlock {
    /// The bytes a block holds.
    package static let width = 32

    let low: __m128i
    let high: __m128i

    /// The block of ``width`` bytes at `pointer`, which need not be aligned.
    @inline(__always)
    package init(_ pointer: UnsafeRawPointer) {
      low = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
      high = _mm_loadu_si128((pointer + 16).assumingMemoryBound(to: __m128i.self))
    }

    /// The high bit of each byte of `low` and `high`, as one mask.
    @inline(__always)
    private static func mask(_ low: __m128i, _ high: __m128i) -> UInt32 {
      let lowBits = UInt32(truncatingIfNeeded: _mm_movemask_epi8(low))
      let highBits = UInt32(truncatingIfNeeded: _mm_movemask_epi8(high))
      return lowBits | highBits &<< 16
    }

    /// A bit for each byte equal to `byte`.
    @inline(__always)
    package func matches(_ byte: UInt8) -> UInt32 {
      let pattern = _mm_set1_epi8(Int8(bitPattern: byte))
      return Self.mask(_mm_cmpeq_epi8(low, pattern), _mm_cmpeq_epi8(high, pattern))
    }

    /// A bit for each byte at or above 0x80: the bytes that are not ASCII.
    @inline(__always)
    package var nonASCII: UInt32 {
      Self.mask(low, high)
    }

    /// A bit for each byte that may start a field the CSV formula guard looks at: below `0`,
    /// `=`, `@`, DEL and every byte from 0x80 (``FieldStartCandidates``).
    ///
    /// The compare is signed, so one test takes the bytes below `0` and those from 0x80.
    @inline(__always)
    package var fieldStartCandidates: UInt32 {
      Self.mask(Self.candidates(low), Self.candidates(high))
    }

    /// Stores the block's bytes at `pointer`, which need not be aligned.
    @inline(__always)
    package func store(to pointer: UnsafeMutableRawPointer) {
      _mm_storeu_si128(pointer.assumingMemoryBound(to: __m128i.self), low)
      _mm_storeu_si128((pointer + 16).assumingMemoryBound(to: __m128i.self), high)
    }

    /// ``fieldStartCandidates`` of one register, as bytes of all ones.
    @inline(__always)
    private static func candidates(_ vector: __m128i) -> __m128i {
      let below = _mm_cmplt_epi8(vector, _mm_set1_epi8(0x30))
      let equal = _mm_or_si128(
        _mm_or_si128(
          _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x3D)), _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x40))),
        _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x7F)))
      return _mm_or_si128(below, equal)
    }
  }
#endif
