/// Per-table overrides of how types show themselves, keyed by type.
///
/// A data source keeps a registry in ``TableDataSource/representations``. When it is asked for a
/// cell, it resolves the represented object in this order:
///
/// 1. an override registered here for the object's exact type;
/// 2. the type's own ``TableRepresentable`` conformance;
/// 3. a fallback cell showing `String(describing:)` of the object, of kind ``CellKind/fallback``.
///
/// Resolution never traps, whatever the object is.
///
/// ```swift
/// var representations = RepresentationRegistry()
/// representations.register(PhoneNumber.self) { phone in
///   Cell(phone.number.filter(\.isNumber), detail: phone.label)
/// }
/// ```
///
/// Overrides match the object's dynamic type exactly: registering a class does not cover its
/// subclasses, so each table decides for each concrete type it shows.
public struct RepresentationRegistry: Sendable {
  private var overrides: [ObjectIdentifier: @Sendable (Any) -> Cell?] = [:]

  /// Creates an empty registry: every type shows itself through its own conformance.
  public init() {}

  /// Whether no type is overridden: a cheap test before resolving through the registry.
  var isEmpty: Bool { overrides.isEmpty }

  /// Shows values of `type` with `makeCell` in this table, instead of their own representation.
  ///
  /// Registering the same type again replaces the earlier override.
  ///
  /// - Parameters:
  ///   - type: The exact type to show differently.
  ///   - makeCell: Makes the cell for one value of `type`.
  public mutating func register<Value>(
    _ type: Value.Type,
    _ makeCell: @escaping @Sendable (Value) -> Cell
  ) {
    overrides[ObjectIdentifier(type)] = { value in (value as? Value).map(makeCell) }
  }

  /// Removes the override for `type`, so its own representation applies again.
  ///
  /// - Parameter type: The type whose override to remove.
  public mutating func removeOverride<Value>(for type: Value.Type) {
    overrides[ObjectIdentifier(type)] = nil
  }

  /// Whether an override is registered for exactly `type`.
  ///
  /// - Parameter type: The type to look up.
  /// - Returns: `true` when this registry shows `type` its own way.
  public func hasOverride<Value>(for type: Value.Type) -> Bool {
    overrides[ObjectIdentifier(type)] != nil
  }

  /// Whether an override is registered for the exact type of `object`.
  ///
  /// Renderers use this to let a table's override win over a type's format-specific
  /// representation.
  ///
  /// - Parameter object: Any value.
  /// - Returns: `true` when this registry shows values of that type its own way.
  public func overrides(_ object: Any) -> Bool {
    !overrides.isEmpty && overrides[ObjectIdentifier(type(of: object))] != nil
  }

  /// The cell for `object`: its override, else its own representation, else its description.
  ///
  /// - Parameter object: Any value, of any type.
  /// - Returns: The cell that shows `object`.
  public func cell(for object: Any) -> Cell {
    if !overrides.isEmpty,
      let override = overrides[ObjectIdentifier(type(of: object))],
      let cell = override(object)
    {
      return cell
    }
    return Cell(representing: object)
  }

  /// Fills `cell` with the cell for `object`, in place where the object's type allows it.
  ///
  /// The same resolution as ``cell(for:)``: an override registered here replaces `cell` with
  /// the override's cell; a ``TableRepresentable`` object fills it through
  /// ``TableRepresentable/configure(_:)``; any other object's description is written into it.
  /// A data source of your own can fill a renderer's reused cell this way:
  ///
  /// ```swift
  /// func configureCell(_ cell: inout Cell, at position: TablePosition) {
  ///   representations.configure(&cell, for: items[position.row])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - cell: A cell holding an earlier row, or a new one; on return, equal to
  ///     `cell(for: object)`.
  ///   - object: Any value, of any type.
  public func configure(_ cell: inout Cell, for object: Any) {
    if !overrides.isEmpty,
      let override = overrides[ObjectIdentifier(type(of: object))],
      let overridden = override(object)
    {
      cell = overridden
      return
    }
    Self.configureByConformance(&cell, for: object)
  }

  /// The override registered for exactly `type`, or `nil`.
  func override(for type: Any.Type) -> (@Sendable (Any) -> Cell?)? {
    overrides.isEmpty ? nil : overrides[ObjectIdentifier(type)]
  }

  /// Fills `cell` from the object's own conformance, else with its description: resolution
  /// without the overrides.
  ///
  /// The cast looks inside `Optional` and `AnyHashable` and finds conformances that classes
  /// inherit.
  static func configureByConformance(_ cell: inout Cell, for object: Any) {
    if let representable = object as? any TableRepresentable {
      representable.configure(&cell)
    } else {
      cell.prepareForReuse(String(describing: object), kind: .fallback)
    }
  }
}

extension Cell {
  /// The cell a value shows by itself: its ``TableRepresentable`` cell, or its description.
  ///
  /// - Parameter object: Any value, of any type.
  public init(representing object: Any) {
    if let representable = object as? any TableRepresentable {
      self = representable.tableCell
    } else {
      self.init(String(describing: object), kind: .fallback)
    }
  }
}
