package import TableRender

extension VerbatimRecordScan {
  /// Writes a run of records as they were read, each line ending replaced by `lineEnding`.
  ///
  /// Records read with the writer's line ending are copied whole. Otherwise the run goes a
  /// piece at a time, so each piece fits the output's block: a run is most of a chunk, and a
  /// raw write larger than a block gets memory of its own (fresh pages for every chunk). A
  /// piece may end inside a record, as the line endings are all that changes.
  ///
  /// - Parameters:
  ///   - records: The records, each ending in its line feed, the only ones in them.
  ///   - count: How many records they are.
  ///   - readWithCRLF: Whether each record's line feed follows a carriage return, the only
  ///     carriage returns in them (``Run/endsLinesWithCRLF``).
  ///   - lineEnding: The ending each record's line ending becomes.
  ///   - output: Where they go.
  package static func copy(
    _ records: UnsafeBufferPointer<UInt8>, count: Int, readWithCRLF: Bool = false,
    endingLinesWith lineEnding: CSVTableRenderer.LineEnding,
    into output: inout OutputBuffer
  ) {
    guard (lineEnding == .crlf) != readWithCRLF, var start = records.baseAddress else {
      output.write(utf8: records)
      return
    }
    let pieceBytes = 1 << 14
    let end = start + records.count
    while start < end {
      let piece = UnsafeBufferPointer(start: start, count: min(end - start, pieceBytes))
      if readWithCRLF {
        // Each CR LF becomes a line feed: never more bytes than read.
        output.writeUnsafeBytes(budget: piece.count) { room in
          storeWithoutCarriageReturns(piece, at: room.baseAddress.unsafelyUnwrapped)
        }
      } else {
        // Each line feed becomes CR LF: one more byte for each, and there are at most `count`.
        output.writeUnsafeBytes(budget: piece.count + min(piece.count, count)) { room in
          storeWithCarriageReturns(piece, at: room.baseAddress.unsafelyUnwrapped)
        }
      }
      start += piece.count
    }
  }

  /// Writes `bytes[start..<end]` but the bytes at `drops`, the quotes a run leaves out, with
  /// their line endings as read (the copy changes none).
  ///
  /// A piece at a time, each piece a raw write that fits the output's block, and inside it the
  /// bytes between two quotes left out stored a ``ByteBlock`` at a time where the room allows
  /// (one `memcpy` call each cost about a hundred instructions a piece).
  ///
  /// - Parameters:
  ///   - bytes: The bytes read.
  ///   - start: Where the run starts.
  ///   - end: Where it ends.
  ///   - drops: The places of the bytes to leave out, in order, each in `start..<end`.
  ///   - output: Where the run goes.
  package static func copy(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    leavingOut drops: UnsafeBufferPointer<Int>, into output: inout OutputBuffer
  ) {
    guard let base = bytes.baseAddress, start < end else { return }
    let pieceBytes = 1 << 14
    var source = start
    var drop = 0
    while source < end {
      let pieceEnd = min(end, source + pieceBytes)
      output.writeUnsafeBytes(budget: pieceEnd - source) { room in
        var next = room.baseAddress.unsafelyUnwrapped
        while source < pieceEnd {
          let dropped = drop < drops.count && drops[drop] < pieceEnd
          let stop = dropped ? drops[drop] : pieceEnd
          var length = stop &- source
          // Whole blocks while a block's room is left; what stays is copied the same way.
          while length > 0 {
            if source &+ ByteBlock.width <= pieceEnd {
              ByteBlock(base + source).store(to: next)
              let stored = min(length, ByteBlock.width)
              next += stored
              source &+= stored
              length &-= stored
            } else {
              OutputBuffer.copy(length, from: base + source, to: next)
              next += length
              source &+= length
              length = 0
            }
          }
          if dropped {
            source &+= 1
            drop &+= 1
          }
        }
        return next - room.baseAddress.unsafelyUnwrapped
      }
    }
  }

  /// Stores `bytes` at `target` without their carriage returns, and returns how many bytes it
  /// stored.
  ///
  /// A ``ByteBlock`` at a time: the block is stored whole, then the bytes after its first
  /// carriage return are stored again over it, from there. The stores reach at most a block
  /// past the bytes stored so far, which are fewer than those read, so `target` needs room for
  /// `bytes.count` bytes only.
  ///
  /// - Parameters:
  ///   - bytes: The bytes, usually whole lines ending in CR LF.
  ///   - target: Room for `bytes.count` bytes.
  /// - Returns: The number of bytes stored.
  package static func storeWithoutCarriageReturns(
    _ bytes: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let carriageReturn = UInt8(ascii: "\r")
    guard var source = bytes.baseAddress else { return 0 }
    let end = source + bytes.count
    var next = target
    while end - source >= ByteBlock.width {
      let block = ByteBlock(source)
      block.store(to: next)
      let carriageReturns = block.matches(carriageReturn)
      guard carriageReturns != 0 else {
        next += ByteBlock.width
        source += ByteBlock.width
        continue
      }
      let offset = carriageReturns.trailingZeroBitCount
      next += offset
      source += offset &+ 1
    }
    while source < end {
      next.pointee = source.pointee
      next += source.pointee == carriageReturn ? 0 : 1
      source += 1
    }
    return next - target
  }

  /// Stores `bytes` at `target` with a carriage return before each line feed, and returns how
  /// many bytes it stored.
  ///
  /// A ``ByteBlock`` at a time: the block is stored whole, and the bytes after a line feed are
  /// stored again further on. Those stores reach at most two blocks past the bytes stored so
  /// far, which `target` holds: it has room for one byte more than `bytes` for each line feed
  /// in them, and the stores happen only while that many bytes of `bytes` are left.
  ///
  /// - Parameters:
  ///   - bytes: The bytes, usually whole lines.
  ///   - target: Room for `bytes.count` plus their line feeds.
  /// - Returns: The number of bytes stored.
  package static func storeWithCarriageReturns(
    _ bytes: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let lineFeed = UInt8(ascii: "\n")
    guard var source = bytes.baseAddress else { return 0 }
    let end = source + bytes.count
    var next = target
    // A block with one line feed (most of them, when records are longer than a block): the
    // bytes from the line feed on are stored again one further, after a carriage return, read
    // from the line feed (past the block: a second block must be left). Both pointers then
    // move by a block, whatever the line feed's place, so no block waits for the one before.
    while end - source >= 2 &* ByteBlock.width {
      let block = ByteBlock(source)
      block.store(to: next)
      let lineFeeds = block.matches(lineFeed)
      if lineFeeds == 0 {
        next += ByteBlock.width
        source += ByteBlock.width
        continue
      }
      let offset = lineFeeds.trailingZeroBitCount
      next[offset] = UInt8(ascii: "\r")
      if lineFeeds & (lineFeeds &- 1) == 0 {
        ByteBlock(source + offset).store(to: next + (offset &+ 1))
        next += ByteBlock.width &+ 1
        source += ByteBlock.width
      } else {
        // Several: up to the first, then on after it.
        next[offset &+ 1] = lineFeed
        next += offset &+ 2
        source += offset &+ 1
      }
    }
    while end - source >= ByteBlock.width {
      let block = ByteBlock(source)
      block.store(to: next)
      let lineFeeds = block.matches(lineFeed)
      guard lineFeeds != 0 else {
        next += ByteBlock.width
        source += ByteBlock.width
        continue
      }
      let offset = lineFeeds.trailingZeroBitCount
      next[offset] = UInt8(ascii: "\r")
      next[offset &+ 1] = lineFeed
      next += offset &+ 2
      source += offset &+ 1
    }
    while source < end {
      if source.pointee == lineFeed {
        next.pointee = UInt8(ascii: "\r")
        next += 1
      }
      next.pointee = source.pointee
      next += 1
      source += 1
    }
    return next - target
  }
}
