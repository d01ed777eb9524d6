import TableKit

extension CSVTableRenderer {
  /// Writes one record per row: the section title first when ``sectionColumn`` asks for it, then
  /// each value as a field, then the line ending.
  ///
  /// Rows reach it from the walk and, in chunks read on other threads, from a
  /// ``ParallelRowSource``: both write through this one piece of code.
  ///
  /// A record is one raw write (``OutputBuffer/writeUnsafeBytes(budget:_:)``): its budget is
  /// worked out first, field by field (``budget(of:)``), and every field is then stored in place
  /// with no check of the room in between.
  struct RowWriter: RowConsumer {
    /// The renderer's settings.
    let renderer: CSVTableRenderer
    /// The fields in a record, the section column included.
    let fieldCount: Int
    /// The title of the section being written, for the section column.
    var sectionTitle = ""

    mutating func consume(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      let hasSectionColumn = renderer.sectionColumn != nil
      let format = FieldFormat(renderer, fieldCount: fieldCount)
      // Budget: a comma after each field (one more than are written), the line ending (at most
      // two bytes), and each field's longest form.
      var budget = values.count + (hasSectionColumn ? 1 : 0) + 2
      if hasSectionColumn { budget += format.budget(of: sectionTitle) }
      for index in values.indices {
        guard let fieldBudget = format.budget(of: values[index]) else {
          consumeMadeContiguous(values, into: &output)
          return
        }
        budget += fieldBudget
      }
      output.writeUnsafeBytes(budget: budget) { room in
        var next = room.start
        if hasSectionColumn {
          next += format.store(sectionTitle, at: next)
          if !values.isEmpty {
            next.pointee = UInt8(ascii: ",")
            next += 1
          }
        }
        for index in values.indices {
          if index > 0 {
            next.pointee = UInt8(ascii: ",")
            next += 1
          }
          next += format.store(values[index], at: next)
        }
        next += format.storeLineEnding(at: next)
        return next - room.start
      }
    }

    /// Writes a record with a text of no contiguous UTF-8 (bridged from Objective-C) or a date.
    ///
    /// Its values go again, every text made contiguous and every date its written text. Dates
    /// take this way so that the fast budget and store keep the arms plain rows need.
    @inline(never)
    private mutating func consumeMadeContiguous(
      _ values: UnsafeBufferPointer<CellValue>, into output: inout OutputBuffer
    ) {
      let contiguous = values.map { value in
        switch value {
        case .text(var text) where !text.isContiguousUTF8:
          text.makeContiguousUTF8()
          return CellValue.text(text)
        case .date(let date):
          var text = date.written
          text.makeContiguousUTF8()
          return CellValue.text(text)
        default:
          return value
        }
      }
      contiguous.withUnsafeBufferPointer { consume($0, into: &output) }
    }
  }

  /// How a record's fields are written, taken from the renderer once per record: the budget of
  /// each field and the field itself, stored in place.
  struct FieldFormat {
    let guardsFormulas: Bool
    let quotesSurroundingSpaces: Bool
    let lineEnding: LineEnding
    /// Whether a record has one field, so that an empty one is written `""` (not a blank line).
    let isSingleField: Bool
    /// Whether an empty text is written `""`, apart from no value.
    let quotesEmptyText: Bool

    @inline(__always)
    init(_ renderer: CSVTableRenderer, fieldCount: Int) {
      guardsFormulas = renderer.formulaGuard == .on
      quotesSurroundingSpaces = renderer.quotesSurroundingSpaces
      lineEnding = renderer.lineEnding
      isSingleField = fieldCount == 1
      quotesEmptyText = renderer.emptyText == .quoted
    }

    /// The most bytes ``store(_:at:)-(CellValue,_)`` stores for `value`, or `nil` for a text
    /// with no contiguous UTF-8, which that store does not copy.
    @inline(__always)
    func budget(of value: CellValue) -> Int? {
      switch value {
      case .text(let text): text.isContiguousUTF8 ? budget(of: text) : nil
      case .integer: OutputBuffer.longestInteger
      case .decimal: OutputBuffer.longestDecimal
      case .exactDecimal: OutputBuffer.longestExactDecimal
      case .money, .percent: OutputBuffer.longestExactDecimal + OutputBuffer.longestUnitSuffix
      // A date goes the slower way, as its written text (see `consumeMadeContiguous`).
      case .date: nil
      case .boolean: 5
      case .empty: 2
      }
    }

    /// The most bytes ``store(_:at:)-(String,_)`` stores for `text` (at least 3, room for `""`).
    @inline(__always)
    func budget(of text: String) -> Int {
      CSVEscaping.longestField(text.utf8.count)
    }

    /// Stores `value` as a field at `target` (room for ``budget(of:)-(CellValue)``) and returns
    /// its length: numbers and booleans as they are, text escaped, the empty value as nothing
    /// or `""`.
    @inline(__always)
    func store(_ value: CellValue, at target: UnsafeMutablePointer<UInt8>) -> Int {
      OutputBuffer.store(value, at: target) {
        storeField($0, at: $1)
      } empty: {
        storeEmpty(at: $0)
      }
    }

    /// Stores `text` as a field at `target` (room for ``budget(of:)-(String)``) and returns its
    /// length; an empty text is written `""` when it is a record's only field.
    @inline(__always)
    func store(_ text: String, at target: UnsafeMutablePointer<UInt8>) -> Int {
      if let length = text.utf8.withContiguousStorageIfAvailable({ bytes in
        storeField(bytes, at: target)
      }) {
        return length
      }
      // A string without contiguous UTF-8 (bridged from Objective-C) is copied once.
      var copy = text
      return copy.withUTF8 { storeField($0, at: target) }
    }

    @inline(__always)
    private func storeField(
      _ bytes: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>
    )
      -> Int
    {
      if bytes.isEmpty { return quotesEmptyText ? storeQuotes(at: target) : storeEmpty(at: target) }
      return CSVEscaping.storeField(
        bytes, guardsFormulas: guardsFormulas, quotesSurroundingSpaces: quotesSurroundingSpaces,
        at: target)
    }

    /// An empty field: nothing, or `""` when it is a record's only field.
    @inline(__always)
    private func storeEmpty(at target: UnsafeMutablePointer<UInt8>) -> Int {
      guard isSingleField else { return 0 }
      return storeQuotes(at: target)
    }

    /// `""`, an empty quoted field.
    @inline(__always)
    private func storeQuotes(at target: UnsafeMutablePointer<UInt8>) -> Int {
      target[0] = UInt8(ascii: "\"")
      target[1] = UInt8(ascii: "\"")
      return 2
    }

    /// Stores the line ending at `target` (room for two bytes) and returns its length.
    @inline(__always)
    func storeLineEnding(at target: UnsafeMutablePointer<UInt8>) -> Int {
      switch lineEnding {
      case .crlf:
        target[0] = UInt8(ascii: "\r")
        target[1] = UInt8(ascii: "\n")
        return 2
      case .lf:
        target[0] = UInt8(ascii: "\n")
        return 1
      }
    }
  }
}
