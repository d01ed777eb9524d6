package import TableRender

/// Finds the run of CSV records at the start of some bytes that a ``VerbatimRecordConsumer``
/// copies as they are, so CSV to CSV moves most records with one scan and one copy.
///
/// A record is in the run when it is whole (its line feed is in the bytes) and one the CSV
/// writer would write byte for byte as read, but for its line ending and the quotes of fields
/// it writes without them: it does not start a blank line, ends with a line feed or a carriage
/// return and line feed (the same for every record of a run, which says which), holds no
/// other carriage return outside quotes, has one field per column, no field or record longer
/// than the limits, valid UTF-8, and every field whose first byte the consumer flags is one it
/// writes unchanged. A `"` may only open a quoted field whose first byte inside the quotes is
/// not flagged: one the writer quotes the same way (it holds a doubled quote, a comma, or a
/// line break when the run's line ending is the writer's, so that the copy changes no line
/// ending), or one the writer writes without quotes, whose two quotes the scan lists for the
/// copy to leave out. The run ends before the first record that is not: the reader reads that one field by field, with all of
/// its checks and errors, and looks for a run again after it.
///
/// The scan reads a ``ByteBlock`` at a time and learns at once where its commas, line feeds,
/// quotes, carriage returns and bytes that are not ASCII are; it checks each UTF-8 sequence
/// where the block shows one starts, so a block of ASCII costs a few instructions.
package enum VerbatimRecordScan {
  /// What a scan found: where the run ends (the start of the first record not in it), how
  /// many records it holds, how many lines they take (more than the records when quoted fields
  /// hold line breaks), and whether their lines end with a carriage return and line feed (every
  /// one of them) rather than a line feed alone.
  package struct Run: Equatable {
    package var end: Int
    package var records: Int
    package var lines: Int
    package var endsLinesWithCRLF = false
  }

  /// Scans `bytes` from `start` for a run of records to copy.
  ///
  /// The scan stops at the first carriage return that is not before a line feed, the first
  /// record whose line ends otherwise than the first one's, the first quote that does not open
  /// a field to copy, or the last bytes too few for a block: the records they are in are read
  /// field by field (most of the bytes of a file are in runs, so the few records cut off this
  /// way cost little).
  ///
  /// - Parameters:
  ///   - bytes: The bytes read.
  ///   - start: Where a record starts.
  ///   - columns: The fields a record must have.
  ///   - limits: The most bytes in a field and in a record.
  ///   - infers: Whether the reader recognises numbers (a field starting with `-` that is a
  ///     number is not text to guard).
  ///   - starts: The field starts the consumer looks at.
  ///   - consumer: Answers for the flagged fields.
  /// - Returns: The run.
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, columns: Int, limits: InputLimits,
    infers: Bool, starts: VerbatimFieldStarts, consumer: any VerbatimRecordConsumer
  ) -> Run {
    var drops: [Int] = []
    return scan(
      bytes, from: start, columns: columns, limits: limits, infers: infers,
      table: StartTable(starts), consumer: consumer, droppingQuotesAt: &drops)
  }

  /// ``scan(_:from:columns:limits:infers:starts:consumer:)`` with the consumer's field starts
  /// looked up in a table made once: a reader scans again after every record it reads field by
  /// field, and making the table for each scan took about 9,000 instructions (a file of CR LF
  /// records, each of which ended a run, took 14,000 instructions a record).
  ///
  /// - Parameters:
  ///   - bytes: The bytes read.
  ///   - start: Where a record starts.
  ///   - columns: The fields a record must have.
  ///   - limits: The most bytes in a field and in a record.
  ///   - infers: Whether the reader recognises numbers.
  ///   - table: The field starts the consumer looks at, as a table.
  ///   - consumer: Answers for the flagged fields.
  ///   - drops: Set to the places, in order, of the quotes of the run's quoted fields that the
  ///     writer writes without quotes: the copy leaves those bytes out.
  /// - Returns: The run.
  package static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, columns: Int, limits: InputLimits,
    infers: Bool, table: StartTable, consumer: any VerbatimRecordConsumer,
    droppingQuotesAt drops: inout [Int]
  ) -> Run {
    drops.removeAll(keepingCapacity: true)
    guard let base = bytes.baseAddress, start >= 0 else {
      return Run(end: start, records: 0, lines: 0)
    }
    return table.flagged.withUnsafeBufferPointer { flagged in
      UTF8Check.withSequenceRules { rules in
        bitCounts.withUnsafeBufferPointer { bitCounts in
          let scanner = Scanner(
            base: base, count: bytes.count, columns: columns, limits: limits, infers: infers,
            flagged: flagged.baseAddress.unsafelyUnwrapped,
            checksEveryStart: table.checksEveryStart,
            bitCounts: bitCounts.baseAddress.unsafelyUnwrapped, rules: rules,
            starts: table.starts, consumer: consumer)
          return scanner.run(from: start, droppingQuotesAt: &drops)
        }
      }
    }
  }

  /// A consumer's field starts as a scan looks them up: one byte a value (a load where the
  /// 256-bit table took a dozen instructions a field).
  package struct StartTable {
    /// The starts.
    let starts: VerbatimFieldStarts
    /// Whether a field starting with a byte is one to ask the consumer about.
    ///
    /// A quoted field's quote is not looked at again: what is inside was, when it was found.
    let flagged: [Bool]
    /// Whether a flagged byte lies outside ``FieldStartCandidates``, so that every field's
    /// first byte is looked up.
    let checksEveryStart: Bool

    /// The table of `starts`.
    ///
    /// - Parameter starts: The field starts a consumer looks at.
    package init(_ starts: VerbatimFieldStarts) {
      self.starts = starts
      let flagged = (0..<256).map { starts.flags(UInt8($0)) && $0 != Int(Scanner.quote) }
      self.flagged = flagged
      checksEveryStart = (0..<256).contains {
        flagged[$0] && !FieldStartCandidates.contains(UInt8($0))
      }
    }
  }

  /// The bits set in each byte value, for ``Scanner``.
  private static let bitCounts: [UInt8] = (0..<256).map { UInt8($0.nonzeroBitCount) }

  /// What one scan reads and what it asks.
  private struct Scanner {
    static let comma = UInt8(ascii: ",")
    static let lineFeed = UInt8(ascii: "\n")
    static let quote = UInt8(ascii: "\"")
    static let carriageReturn = UInt8(ascii: "\r")

    let base: UnsafePointer<UInt8>
    let count: Int
    let columns: Int
    let limits: InputLimits
    let infers: Bool
    /// Whether a field starting with a byte is one to ask the consumer about.
    let flagged: UnsafePointer<Bool>
    /// Whether the consumer flags a byte outside ``FieldStartCandidates``, so that every
    /// field's first byte is looked up.
    let checksEveryStart: Bool
    /// The bits set in each byte value.
    let bitCounts: UnsafePointer<UInt8>
    /// ``UTF8Check``'s rules for the bytes that start a sequence.
    let rules: UnsafePointer<UInt64>
    let starts: VerbatimFieldStarts
    let consumer: any VerbatimRecordConsumer

    /// The run from `start`.
    ///
    /// A block's masks answer for all its bytes at once: the UTF-8 sequences are checked where
    /// they start, the fields whose first byte is flagged are asked about (a superset of them,
    /// ``ByteBlock``'s `fieldStartCandidates`, narrowed by the table), and a record is counted
    /// at its line feed by the commas since the last. Whatever stops the run ends it at the
    /// start of the record it is in.
    func run(from start: Int, droppingQuotesAt drops: inout [Int]) -> Run {
      // Locals, not fields, so that no block loads them again after a call to the consumer
      // (the compiled loop did; the time did not change measurably).
      let base = self.base
      let count = self.count
      let rules = self.rules
      let flagged = self.flagged
      let bitCounts = self.bitCounts
      let columns = self.columns
      let everyStart: UInt32 = checksEveryStart ? ~0 : 0
      let maximumRecord = limits.maximumRecordBytes
      let maximumField = limits.maximumFieldBytes
      // A record no longer than the field limit holds no field longer than it; a longer one
      // has its fields measured.
      let maximumLength = min(maximumRecord, maximumField)
      var recordStart = start
      var records = 0
      var lines = 0
      // The line breaks inside the open record's quoted fields, and the quotes to leave out
      // of the records before it.
      var breaksInRecord = 0
      var dropsBefore = 0
      // The commas of the open record in earlier blocks.
      var commasBefore = 0
      var index = start
      // The bytes at the start of this block that end a UTF-8 sequence checked in the last.
      var checked: UInt32 = 0
      // Whether a field starts at the block's first byte (the last one ended a field).
      var startsAtFirst: UInt32 = 1
      // Whether the last block ended with the carriage return of a CR LF.
      var carriageReturnBefore: UInt32 = 0
      // How the run's lines end, as its first record's does: CR LF (all ones) or LF (zero).
      let crlfLines: UInt32 = endsLineWithCRLF(from: start) ? ~0 : 0
      // A line break inside a quoted field is copied as it stands only when the copy changes
      // no line ending.
      let keepsLineBreaks = (crlfLines != 0) == (consumer.verbatimLineEnding == .crlf)
      blocks: while index &+ ByteBlock.width <= count {
        let block = ByteBlock(base + index)
        let allLineFeeds = block.matches(Self.lineFeed)
        let carriageReturns = block.matches(Self.carriageReturn)
        // The carriage returns just before a line feed end a line with it; the block's last
        // byte is one when the next block starts with a line feed. (A file with LF line ends
        // costs one test a block.)
        var crlf: UInt32 = 0
        if carriageReturns != 0 {
          let last = UInt32(ByteBlock.width &- 1)
          let lastBeforeLineFeed: UInt32 =
            carriageReturns &>> last != 0 && index &+ ByteBlock.width < count
              && base[index &+ ByteBlock.width] == Self.lineFeed ? 1 &<< last : 0
          crlf = carriageReturns & (allLineFeeds &>> 1 | lastBeforeLineFeed)
        }
        // The line feeds after a carriage return.
        let afterCarriageReturn = crlf &<< 1 | carriageReturnBefore
        carriageReturnBefore = crlf &>> UInt32(ByteBlock.width &- 1)
        let specials = block.matches(Self.quote) | carriageReturns & ~crlf
        // The bits below the first quote or carriage return (all of them when there is none):
        // what comes after it waits until it is dealt with.
        let beforeSpecial = (specials & (0 &- specials)) &- 1
        // The bytes this block may copy: those before the special, and before the first byte
        // found wrong below (the records that end before it are still copied).
        var usable = beforeSpecial
        var failed = false
        // UTF-8 first, so a field is looked at only once its bytes are known to be text.
        var sequences = block.nonASCII & ~checked & beforeSpecial
        checked = 0
        while sequences != 0 {
          let bit = sequences & (0 &- sequences)
          let offset = bit.trailingZeroBitCount
          let at = index &+ offset
          // Four bytes are read; the last few bytes of the input are read field by field.
          let length =
            at &+ 4 <= count ? UTF8Check.validSequenceLength(at: base + at, rules: rules) : 0
          if length == 0 {
            usable &= bit &- 1
            failed = true
            break
          }
          let covered = offset &+ length
          if covered > ByteBlock.width {
            checked = (1 &<< UInt32(covered &- ByteBlock.width)) &- 1
            sequences = 0
          } else {
            // In 64 bits: a sequence may end on the block's last byte.
            sequences &= UInt32(truncatingIfNeeded: ~((1 &<< UInt64(covered)) &- 1))
          }
        }
        let lineFeeds = allLineFeeds & beforeSpecial
        var commas = block.matches(Self.comma) & beforeSpecial
        // A CR LF's carriage return ends the last field as its line feed does.
        let stops = commas | lineFeeds | crlf & beforeSpecial
        // The first bytes of the fields that are not empty, where one may be flagged.
        let fieldStarts = ((stops &<< 1) | startsAtFirst) & ~stops & beforeSpecial
        startsAtFirst = stops &>> UInt32(ByteBlock.width &- 1) & 1
        var asked = fieldStarts & (block.fieldStartCandidates | everyStart) & usable
        while asked != 0 {
          let bit = asked & (0 &- asked)
          asked ^= bit
          let at = index &+ bit.trailingZeroBitCount
          guard flagged[Int(base[at])] else { continue }
          let later = stops & ~(bit &- 1)
          let end = later != 0 ? index &+ later.trailingZeroBitCount : endOfField(from: at)
          if let end, writesUnchanged(UnsafeBufferPointer(start: base + at, count: end &- at)) {
            continue
          }
          usable &= bit &- 1
          failed = true
          break
        }
        var ends = lineFeeds & usable
        commas &= usable
        while ends != 0 {
          let bit = ends & (0 &- ends)
          ends ^= bit
          let before = bit &- 1
          let stop = index &+ bit.trailingZeroBitCount
          // A line that ends otherwise than the run's first; a blank line, which has one
          // field, fewer than the columns. (The lengths count a CR LF's carriage return, one
          // byte more than the reader counts: a record at the limit is read field by field.)
          guard (afterCarriageReturn ^ crlfLines) & bit == 0,
            commasBefore &+ Self.bitCount(commas & before, bitCounts) &+ 1 == columns,
            stop &- recordStart <= maximumLength
              || stop &- recordStart <= maximumRecord
                && fieldsFit(from: recordStart, to: stop, maximum: maximumField)
          else { break blocks }
          records &+= 1
          lines &+= 1 &+ breaksInRecord
          breaksInRecord = 0
          dropsBefore = drops.count
          recordStart = stop &+ 1
          commasBefore = 0
          commas &= ~before
        }
        if failed { break }
        commasBefore &+= Self.bitCount(commas, bitCounts)
        guard specials != 0 else {
          index &+= ByteBlock.width
          continue
        }
        // A quote opening a field to copy: the next block starts at the comma or line end
        // after its closing quote. (No UTF-8 sequence runs into a quote: `checked` is empty;
        // nor does a CR LF: the closing quote is before it.) A carriage return alone ends the
        // run: it ends a line, which no copied record may hold.
        let special = index &+ specials.trailingZeroBitCount
        let opensField =
          base[special] == Self.quote
          && (special == start || base[special &- 1] == Self.comma
            || base[special &- 1] == Self.lineFeed)
        guard opensField,
          var field = endOfQuotedField(at: special, keepingLineBreaks: keepsLineBreaks)
        else { break }
        var opening = special
        while true {
          if field.dropsQuotes {
            drops.append(opening)
            drops.append(field.end &- 1)
          }
          breaksInRecord &+= field.lineBreaks
          // A quoted field right after its comma (every field quoted, as some exporters write
          // them) is taken here, its comma counted, with no block read for it.
          opening = field.end &+ 1
          guard base[field.end] == Self.comma, opening < count, base[opening] == Self.quote,
            let next = endOfQuotedField(at: opening, keepingLineBreaks: keepsLineBreaks)
          else { break }
          commasBefore &+= 1
          field = next
        }
        index = field.end
        startsAtFirst = 0
        carriageReturnBefore = 0
      }
      drops.removeSubrange(dropsBefore...)
      return Run(
        end: recordStart, records: records, lines: lines, endsLinesWithCRLF: crlfLines != 0)
    }

    /// The bits set in `mask`, from the table of ``bitCounts``: without POPCNT (not in
    /// x86-64's baseline) `nonzeroBitCount` takes a dozen instructions.
    @inline(__always)
    private static func bitCount(_ mask: UInt32, _ bitCounts: UnsafePointer<UInt8>) -> Int {
      Int(bitCounts[Int(mask & 0xFF)]) &+ Int(bitCounts[Int(mask &>> 8 & 0xFF)])
        &+ Int(bitCounts[Int(mask &>> 16 & 0xFF)]) &+ Int(bitCounts[Int(mask &>> 24)])
    }

    /// Whether no field of the record from `start` to its line feed at `end`, a record the
    /// scan took apart already, is longer than `maximum` bytes (a quoted one counted with its
    /// quotes, as the reader counts it).
    private func fieldsFit(from start: Int, to end: Int, maximum: Int) -> Bool {
      var fieldStart = start
      var index = start
      var quoted = false
      while index < end {
        let byte = base[index]
        if byte == Self.quote {
          // Opening, closing, or one of a doubled pair: either way inside or at the edge.
          quoted.toggle()
        } else if byte == Self.comma && !quoted {
          if index &- fieldStart > maximum { return false }
          fieldStart = index &+ 1
        }
        index &+= 1
      }
      return end &- fieldStart <= maximum
    }

    /// The comma, line feed or CR LF that ends the unquoted field at `start`, or `nil` when a
    /// quote, a carriage return alone or the end of the bytes comes first (the run stops there
    /// anyway).
    private func endOfField(from start: Int) -> Int? {
      var index = start
      while index < count {
        switch base[index] {
        case Self.comma, Self.lineFeed: return index
        case Self.carriageReturn: return endsLine(at: index) ? index : nil
        case Self.quote: return nil
        default: index &+= 1
        }
      }
      return nil
    }

    /// Whether the line feed that ends the record at `start` follows a carriage return: the
    /// first line feed outside quotes (a quote anywhere but at a field's start ends the run
    /// before that record is counted, so how its line ends does not matter).
    private func endsLineWithCRLF(from start: Int) -> Bool {
      var quoted = false
      var index = start
      while index < count {
        switch base[index] {
        case Self.quote: quoted.toggle()
        case Self.lineFeed where !quoted:
          return index > start && base[index &- 1] == Self.carriageReturn
        default: break
        }
        index &+= 1
      }
      return false
    }

    /// Whether the carriage return at `index` is before a line feed.
    @inline(__always)
    private func endsLine(at index: Int) -> Bool {
      index &+ 1 < count && base[index &+ 1] == Self.lineFeed
    }

    /// A quoted field the run may hold.
    struct QuotedField {
      /// The comma, line feed or CR LF after its closing quote.
      var end: Int
      /// Whether the writer writes it without its quotes.
      var dropsQuotes: Bool
      /// The line breaks inside it, as the reader counts lines.
      var lineBreaks: Int
    }

    /// The quoted field at `start` when the CSV writer writes it as it stands or with its two
    /// quotes left out, or `nil`.
    ///
    /// The writer quotes a field that holds a quote, comma or line break and doubles its
    /// quotes, so such a field is written back as read (a line break only when
    /// `keepingLineBreaks`: the copy then changes no line ending); any other is written without
    /// its quotes. A field whose first byte inside the quotes is flagged is asked about as an
    /// unquoted one is (``writesUnchanged(_:)``: a number, `"-5.25"`, is written as it stands,
    /// without quotes); one that holds a doubled quote as well is left to the field-by-field
    /// read, as is one with invalid UTF-8 or one the bytes do not hold whole.
    private func endOfQuotedField(at start: Int, keepingLineBreaks: Bool) -> QuotedField? {
      guard start &+ 1 < count else { return nil }
      let isFlagged = flagged[Int(base[start &+ 1])]
      var needsQuotes = false
      var hasDoubledQuote = false
      var lineBreaks = 0
      var index = start &+ 1
      while index < count {
        // A block at a time to the next byte that needs a look.
        if index &+ ByteBlock.width <= count {
          let block = ByteBlock(base + index)
          let looks =
            block.matches(Self.quote) | block.matches(Self.comma) | block.matches(Self.lineFeed)
            | block.matches(Self.carriageReturn) | block.nonASCII
          guard looks != 0 else {
            index &+= ByteBlock.width
            continue
          }
          index &+= looks.trailingZeroBitCount
        }
        let byte = base[index]
        if byte == Self.quote {
          guard index &+ 1 < count else { return nil }
          let next = base[index &+ 1]
          if next == Self.quote {
            needsQuotes = true
            hasDoubledQuote = true
            index &+= 2
            continue
          }
          guard
            next == Self.comma || next == Self.lineFeed
              || next == Self.carriageReturn && endsLine(at: index &+ 1)
          else { return nil }
          if isFlagged {
            let field = UnsafeBufferPointer(start: base + (start &+ 1), count: index &- start &- 1)
            guard !hasDoubledQuote, writesUnchanged(field) else { return nil }
          }
          return QuotedField(end: index &+ 1, dropsQuotes: !needsQuotes, lineBreaks: lineBreaks)
        }
        if byte >= 0x80 {
          guard index &+ 4 <= count else { return nil }
          let length = UTF8Check.validSequenceLength(at: base + index, rules: rules)
          guard length != 0 else { return nil }
          index &+= length
          continue
        }
        if byte == Self.comma {
          needsQuotes = true
        } else if byte == Self.lineFeed || byte == Self.carriageReturn {
          // A carriage return and line feed end one line, as does either alone.
          guard keepingLineBreaks, index &+ 1 < count else { return nil }
          needsQuotes = true
          if byte == Self.lineFeed || base[index &+ 1] != Self.lineFeed { lineBreaks &+= 1 }
        }
        index &+= 1
      }
      return nil
    }

    /// Whether the consumer writes `field`, whose first byte it flags, as it stands: a field
    /// the reader takes for a number always is (``VerbatimRecordConsumer``), so only text is
    /// asked about.
    @inline(never)
    private func writesUnchanged(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
      if infers && field[0] == UInt8(ascii: "-") && ValueInference.isNumber(field) { return true }
      return consumer.writesUnchanged(FieldBytes(bytes: field, kind: .text))
    }
  }
}
