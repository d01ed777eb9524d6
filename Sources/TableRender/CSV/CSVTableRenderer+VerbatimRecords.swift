extension CSVTableRenderer.RowWriter: VerbatimRecordConsumer {
  /// The starts the formula guard looks at, when records can be copied at all.
  ///
  /// A field copies unchanged unless the formula guard marks it or its quoting would change:
  /// the reader copies an unquoted field only when it holds no quote or line break (so it needs
  /// no quotes) and a quoted one only when it holds a doubled quote or a comma (so it needs
  /// them, and ``CSVEscaping`` writes it as read), and the flagged starts are the ones
  /// ``CSVEscaping/needsFormulaCheck(_:)`` sends to the full rule. Nothing is copied with a
  /// section column (each record gains a field), with surrounding spaces quoted (a field's last
  /// byte would matter too) or with a single column (an empty field is written `""`).
  var verbatimFieldStarts: VerbatimFieldStarts? {
    guard renderer.sectionColumn == nil, !renderer.quotesSurroundingSpaces, fieldCount > 1 else {
      return nil
    }
    let guardsFormulas = renderer.formulaGuard == .on
    return VerbatimFieldStarts { guardsFormulas && CSVEscaping.needsFormulaCheck($0) }
  }

  /// A number is written as it stands; text only when the guard would leave it alone.
  func writesUnchanged(_ field: FieldBytes) -> Bool {
    field.kind != .text || renderer.formulaGuard == .off
      || !CSVEscaping.startsFormulaAfterSkipping(field.bytes)
  }

  /// The renderer's line ending.
  var verbatimLineEnding: CSVTableRenderer.LineEnding { renderer.lineEnding }
}
