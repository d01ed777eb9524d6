import TableKit

/// Values that levels of one ``NavigationController`` pass to the levels above them, by typed key.
///
/// The session replaces a global "session manager": it belongs to its stack, so two stacks (two
/// windows, two tests) never see each other's values. A level writes; deeper levels read:
///
/// ```swift
/// // In the brands level, when a brand is selected:
/// try setSessionValue(brand, for: .brand)
/// // In the factory, making the models level:
/// let brand = try session.requiredValue(for: .brand)
/// ```
///
/// Each level has its own layer. By default (``SessionScope/level``) a value lives in the layer
/// of the level that wrote it and goes with that level when it is popped; reading looks from the
/// top level down, so a deeper level's value hides a lower one's under the same key until the
/// deeper level is popped. ``SessionScope/stack`` values live as long as the stack, in a layer
/// beneath the root's: they are read last, so any level's value under the same key hides
/// them. Reading a
/// key nobody wrote is `nil` (``value(for:)``) or a ``NavigationError`` (``requiredValue(for:)``),
/// never a trap.
public final class NavigationSession {
  /// One dictionary of values per level, root first; the stack keeps it in step with its levels.
  private var layers: [[SessionSlot: any Sendable]] = [[:]]
  /// Values that live as long as the stack.
  private var stackValues: [SessionSlot: any Sendable] = [:]

  init() {}

  /// The value for `key` from the highest level that wrote one, else the stack-scoped value, or
  /// `nil` when none was written.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The value, or `nil`.
  public func value<Value>(for key: SessionKey<Value>) -> Value? {
    let slot = key.slot
    for layer in layers.reversed() {
      if let value = layer[slot] as? Value { return value }
    }
    return stackValues[slot] as? Value
  }

  /// The value for `key`, for a level that cannot be shown without it.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The value from the highest level that wrote one.
  /// - Throws: ``NavigationError/missingSessionValue(key:)`` when no level wrote one.
  public func requiredValue<Value>(for key: SessionKey<Value>) throws(NavigationError) -> Value {
    guard let value = value(for: key) else {
      throw .missingSessionValue(key: key.name)
    }
    return value
  }

  /// Whether some level wrote a value for `key`.
  ///
  /// - Parameter key: The key to look for.
  /// - Returns: `true` when ``value(for:)`` would return a value.
  public func contains<Value>(_ key: SessionKey<Value>) -> Bool {
    value(for: key) != nil
  }

  /// Removes the values for `key`, in every level and for the whole stack.
  ///
  /// - Parameter key: The key whose values to remove.
  public func removeValue<Value>(for key: SessionKey<Value>) {
    let slot = key.slot
    for index in layers.indices { layers[index][slot] = nil }
    stackValues[slot] = nil
  }

  /// Stores `value` for `key` in the layer at `level` (root is 0), or for the whole stack.
  func setValue<Value>(
    _ value: Value, for key: SessionKey<Value>, level: Int, scope: SessionScope
  ) {
    switch scope {
    case .level:
      guard layers.indices.contains(level) else { return }
      layers[level][key.slot] = value
    case .stack:
      stackValues[key.slot] = value
    }
  }

  /// Adds an empty layer for a level just pushed.
  func pushLayer() {
    layers.append([:])
  }

  /// Removes the layer of the level just popped, with its values.
  func popLayer() {
    if layers.count > 1 { layers.removeLast() }
  }
}
