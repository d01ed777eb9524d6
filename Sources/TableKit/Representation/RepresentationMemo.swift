/// How a data source shows each type of item it meets, asked on the first item of a type and
/// remembered for the rest.
///
/// Resolving an item the plain way (``RepresentationRegistry/configure(_:for:)``) pays, for every
/// row, a dictionary lookup for the override and a dynamic cast to `any TableRepresentable`; the
/// cast alone is about 1,100 instructions, a third of writing the row as HTML. The memo asks both
/// questions once per dynamic type and keeps the answer: the override, the conformance (through a
/// ``RepresentationWitness`` that reaches the type's ``TableRepresentable/configure(_:)`` with no
/// cast), the description, or "ask the value" for `Optional` and `AnyHashable`, whose casts look
/// inside and so depend on the value. Rows of one type usually follow each other, so the last
/// type is compared first, before the dictionary.
///
/// The answers hold for one registry: whoever keeps a memo resets it when the registry changes.
struct RepresentationMemo {
  /// How values of one type are shown.
  enum Way {
    /// The registry's override for the type.
    case override(@Sendable (Any) -> Cell?)
    /// The type's own conformance, reached through its witness.
    case conformance(any RepresentationWitness.Type)
    /// The value's description: the type neither conforms nor is overridden.
    case description
    /// Cast every value: it may hold a value of another type (`Optional`, `AnyHashable`).
    case askTheValue
  }

  private var lastType: ObjectIdentifier?
  private var lastWay = Way.askTheValue
  private var known: [ObjectIdentifier: Way] = [:]

  /// The way values whose dynamic type is `type` are shown, if that type was met before.
  ///
  /// Runs no code but this memo's own (no registry, no type's code), so an access to the memo
  /// for it can never overlap another one.
  ///
  /// - Parameter type: The value's dynamic type, `type(of: value)`.
  /// - Returns: How to fill a cell for such a value, or `nil` for a type not seen before: learn
  ///   its way with ``learn(_:registry:)`` and keep it with ``remember(_:for:)``.
  @inline(__always)
  mutating func knownWay(for type: Any.Type) -> Way? {
    let key = ObjectIdentifier(type)
    if key == lastType { return lastWay }
    guard let way = known[key] else { return nil }
    lastType = key
    lastWay = way
    return way
  }

  /// Keeps `way` as the way values of `type` are shown.
  ///
  /// - Parameters:
  ///   - way: What ``learn(_:registry:)`` answered for `type`.
  ///   - type: A type not seen before.
  mutating func remember(_ way: Way, for type: Any.Type) {
    let key = ObjectIdentifier(type)
    known[key] = way
    lastType = key
    lastWay = way
  }

  /// Asks the registry and the type system how `type` is shown.
  ///
  /// - Parameters:
  ///   - type: The value's dynamic type.
  ///   - registry: The overrides.
  /// - Returns: How to fill a cell for a value of `type`.
  static func learn(_ type: Any.Type, registry: RepresentationRegistry) -> Way {
    if let override = registry.override(for: type) { return .override(override) }
    if type is any OptionalMarker.Type
      || ObjectIdentifier(type) == ObjectIdentifier(AnyHashable.self)
    {
      return .askTheValue
    }
    guard let representable = type as? any TableRepresentable.Type else { return .description }
    return .conformance(witness(for: representable))
  }

  /// The witness of `type`'s conformance.
  private static func witness<Represented: TableRepresentable>(
    for type: Represented.Type
  ) -> any RepresentationWitness.Type {
    Conformance<Represented>.self
  }
}

extension RepresentationMemo.Way {
  /// Fills `cell` with the cell for `object`, whose dynamic type this way was learned for.
  ///
  /// - Parameters:
  ///   - cell: A cell holding an earlier row; on return, `object`'s cell, equal to what
  ///     ``RepresentationRegistry/cell(for:)`` makes.
  ///   - object: The value.
  func configure(_ cell: inout Cell, for object: Any) {
    switch self {
    case .override(let makeCell):
      if let overridden = makeCell(object) {
        cell = overridden
      } else {
        RepresentationRegistry.configureByConformance(&cell, for: object)
      }
    case .conformance(let witness):
      // Passing the `Any` on opens it: the witness gets the value as the type it was stored as.
      if !witness.configure(&cell, with: object) {
        // Stored as another type than its dynamic one (an object of a subclass stored as its
        // superclass): the cast finds the conformance.
        RepresentationRegistry.configureByConformance(&cell, for: object)
      }
    case .description:
      cell.prepareForReuse(String(describing: object), kind: .fallback)
    case .askTheValue:
      RepresentationRegistry.configureByConformance(&cell, for: object)
    }
  }
}

/// Reaches one type's ``TableRepresentable/configure(_:)`` from a value of a type known only at
/// run time, without a dynamic cast.
protocol RepresentationWitness {
  /// Fills `cell` from `value` when `value` is of the witnessed type, or an `Any` holding one.
  ///
  /// - Returns: `false`, with `cell` untouched, for a value of any other type.
  static func configure<Value>(_ cell: inout Cell, with value: Value) -> Bool
}

/// The witness of `Represented`'s conformance to ``TableRepresentable``.
private enum Conformance<Represented: TableRepresentable>: RepresentationWitness {
  static func configure<Value>(_ cell: inout Cell, with value: Value) -> Bool {
    let type = ObjectIdentifier(Value.self)
    if type == ObjectIdentifier(Represented.self) {
      // The types were just compared equal, so this reinterprets a value as its own type.
      unsafeBitCast(value, to: Represented.self).configure(&cell)
      return true
    }
    if type == ObjectIdentifier(Any.self) {
      // An `Any` (a `SectionedDataSource<Any>` item): passing it on opens it, so `Value` is
      // then the type of the value inside.
      return configure(&cell, with: unsafeBitCast(value, to: Any.self))
    }
    return false
  }
}

/// Marks `Optional`, whose casts look inside the value.
private protocol OptionalMarker {}

extension Optional: OptionalMarker {}
