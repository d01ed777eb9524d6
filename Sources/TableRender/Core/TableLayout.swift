import TableKit

/// The columns a renderer lays a table out in, and each row's value for each of them.
///
/// A data source that declares `TableDataSource.columns` gets exactly those, with a header row.
/// One that declares none gets two untitled columns, the cell's text and its detail, and no
/// header row. A cell's `Cell.values` fill the declared columns in order; a cell without values
/// fills them with its text and detail; missing values are empty, and values beyond the declared
/// columns are not shown.
struct TableLayout {
  /// The columns, declared or implicit.
  let columns: [ColumnDefinition]
  /// Whether the columns were declared, so their titles form a header row.
  let hasHeaderRow: Bool

  /// The data source's overrides, so a table's override wins over format representations.
  let registry: RepresentationRegistry
  /// Which types have format representations, learned once per type during this render.
  ///
  /// A value, not an object, so a renderer's local `var layout` updates it with no dynamic
  /// exclusivity check (a class's stored property pays one on every row).
  var conformances = FormatConformances()

  /// The layout for the data source of `table`.
  init(for table: TableView) {
    registry = table.dataSource.representations
    let declared = table.dataSource.columns
    if declared.isEmpty {
      columns = [ColumnDefinition(""), ColumnDefinition("")]
      hasHeaderRow = false
    } else {
      columns = declared
      hasHeaderRow = true
    }
  }

  /// The value `cell` shows in each column, exactly one per column.
  func values(of cell: Cell) -> [CellValue] {
    if cell.values.isEmpty {
      return fitted(
        [.text(cell.text), cell.detailText.map(CellValue.text) ?? .empty], empty: .empty)
    }
    return fitted(cell.values, empty: .empty)
  }

  /// Calls `body` with the value `cell` shows in each column, exactly one per column: the
  /// cell's own values, borrowed in place, when it has one a column, as most rows do.
  func withValues<Result>(
    of cell: Cell,
    _ body: (UnsafeBufferPointer<CellValue>) -> Result
  ) -> Result {
    if cell.values.count == columns.count {
      return cell.values.withUnsafeBufferPointer(body)
    }
    return values(of: cell).withUnsafeBufferPointer(body)
  }

  /// The values a text format shows for a row: the object's ``TextRepresentable`` values unless
  /// the table overrides its type, else the cell's.
  mutating func textValues(of cell: Cell, object: Any) -> [CellValue] {
    if conformances.hasText(object), let representable = object as? any TextRepresentable,
      !registry.overrides(object)
    {
      return fitted(representable.textValues, empty: .empty)
    }
    return values(of: cell)
  }

  /// Calls `body` with ``textValues(of:object:)``, the cell's own values borrowed in place when
  /// the row shows them and has one a column, as most rows do.
  mutating func withTextValues<Result>(
    of cell: Cell,
    object: Any,
    _ body: (UnsafeBufferPointer<CellValue>) -> Result
  ) -> Result {
    if conformances.hasText(object), let representable = object as? any TextRepresentable,
      !registry.overrides(object)
    {
      return fitted(representable.textValues, empty: .empty).withUnsafeBufferPointer(body)
    }
    return withValues(of: cell, body)
  }

  /// Calls `body` with the values CSV exports for a row: the object's ``CSVRepresentable``
  /// values unless the table overrides its type, else the cell's, borrowed in place when it
  /// has one a column, as most rows do.
  mutating func withCSVValues<Result>(
    of cell: Cell,
    object: Any,
    _ body: (UnsafeBufferPointer<CellValue>) -> Result
  ) -> Result {
    if conformances.hasCSV(object), let representable = object as? any CSVRepresentable,
      !registry.overrides(object)
    {
      return fitted(representable.csvValues, empty: .empty).withUnsafeBufferPointer(body)
    }
    return withValues(of: cell, body)
  }

  /// The content HTML shows for a row: the object's ``HTMLRepresentable`` values unless the
  /// table overrides its type, else the cell's values.
  mutating func htmlValues(of cell: Cell, object: Any) -> [HTMLValue] {
    if conformances.hasHTML(object), let representable = object as? any HTMLRepresentable,
      !registry.overrides(object)
    {
      return fitted(representable.htmlValues, empty: .value(.empty))
    }
    return values(of: cell).map(HTMLValue.value)
  }

  /// `values` cut or padded with `empty` to exactly one per column.
  private func fitted<Value>(_ values: [Value], empty: Value) -> [Value] {
    if values.count == columns.count { return values }
    if values.count > columns.count { return Array(values.prefix(columns.count)) }
    return values + repeatElement(empty, count: columns.count - values.count)
  }

  /// Whether values in `column` line up to the right, given one of its values.
  func isRightAligned(column: Int, value: CellValue) -> Bool {
    switch columns[column].alignment {
    case .right: true
    case .left, .center: false
    case .automatic: value.isNumeric
    }
  }
}

/// Remembers, per type, whether it has a format-specific representation.
///
/// A dynamic cast from `Any` costs on the order of 100 ns even when it fails, and most rows'
/// types have no format representation. Asking once per type and remembering the answer for the
/// rest of the render turns that into a dictionary lookup; only types that do conform pay for the
/// cast that fetches their values. A cast looks inside an `Optional` and an `AnyHashable`, so for
/// those two the answer depends on the value and is asked every time. The memo lives for one
/// render and is never shared between threads.
struct FormatConformances {
  private var text = Memo()
  private var csv = Memo()
  private var html = Memo()

  /// Whether `object is any TextRepresentable`.
  mutating func hasText(_ object: Any) -> Bool {
    text.check(
      object, type: { $0 is any TextRepresentable.Type }, value: { $0 is any TextRepresentable })
  }

  /// Whether `object is any CSVRepresentable`.
  mutating func hasCSV(_ object: Any) -> Bool {
    csv.check(
      object, type: { $0 is any CSVRepresentable.Type }, value: { $0 is any CSVRepresentable })
  }

  /// Whether `object is any HTMLRepresentable`.
  mutating func hasHTML(_ object: Any) -> Bool {
    html.check(
      object, type: { $0 is any HTMLRepresentable.Type }, value: { $0 is any HTMLRepresentable })
  }

  /// The answers for one protocol, with the last type asked about kept at hand: rows of one
  /// type usually follow each other, and comparing one identifier is cheaper than hashing it.
  private struct Memo {
    private enum Answer {
      case yes
      case no
      case dependsOnValue
    }

    private var lastType: ObjectIdentifier?
    private var lastAnswer = Answer.dependsOnValue
    private var known: [ObjectIdentifier: Answer] = [:]
    /// The type the last `Any` was made from (``staticType(of:)``) when it is surely the value's
    /// type, as it is for a struct or an enum; `nil` after a class, whose instances can be of a
    /// subclass, and anything else whose value's type can differ.
    private var lastStaticType: ObjectIdentifier?

    /// The type `object` was made from: the type stored in the `Any`, read with no call to the
    /// runtime (`type(of:)` asks the runtime for the value's type, several times the cost).
    @inline(__always)
    private static func staticType(of object: Any) -> ObjectIdentifier {
      func stored<T>(_: T) -> ObjectIdentifier { ObjectIdentifier(T.self) }
      return _openExistential(object, do: stored)
    }

    mutating func check(
      _ object: Any,
      type conformsByType: (Any.Type) -> Bool,
      value conformsByValue: (Any) -> Bool
    ) -> Bool {
      let stored = Self.staticType(of: object)
      if stored != lastStaticType {
        remember(object, stored: stored, type: conformsByType)
      }
      switch lastAnswer {
      case .yes: return true
      case .no: return false
      case .dependsOnValue: return conformsByValue(object)
      }
    }

    /// Finds (or recalls) the answer for `object`'s type, and keeps the type it was made from
    /// at hand when that is surely its type.
    private mutating func remember(
      _ object: Any, stored: ObjectIdentifier, type conformsByType: (Any.Type) -> Bool
    ) {
      let type = Swift.type(of: object)
      let key = ObjectIdentifier(type)
      // A class's instances can be of a subclass, and an existential metatype's values are of
      // many types: only a type that is the value's own and no class is kept.
      lastStaticType = key == stored && !(type is AnyObject.Type) ? stored : nil
      if key != lastType {
        if let remembered = known[key] {
          lastAnswer = remembered
        } else {
          let isWrapper =
            type is any OptionalMarker.Type || key == ObjectIdentifier(AnyHashable.self)
          lastAnswer = isWrapper ? .dependsOnValue : conformsByType(type) ? .yes : .no
          known[key] = lastAnswer
        }
        lastType = key
      }
    }
  }
}

/// Marks `Optional`, whose casts look inside the value.
private protocol OptionalMarker {}

extension Optional: OptionalMarker {}
