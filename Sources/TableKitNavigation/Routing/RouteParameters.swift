import TableKit

/// The values a URL gives a route's parameters, by name; and what a destination gives back to
/// print its URL.
///
/// ```swift
/// let parameters: RouteParameters = ["brand": .id(ObjectID("bmw")), "year": .integer(2021)]
/// parameters.id("brand")       // ObjectID("bmw")
/// parameters.integer("year")   // 2021
/// parameters.string("year")    // nil: the value is an integer
/// ```
public struct RouteParameters: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// The values by parameter name.
  public var values: [String: RouteValue]

  /// Creates parameters holding `values`.
  ///
  /// - Parameter values: The values by parameter name.
  public init(_ values: [String: RouteValue] = [:]) {
    self.values = values
  }

  /// Creates parameters from a dictionary literal; a repeated name keeps its last value.
  ///
  /// - Parameter elements: The names and values.
  public init(dictionaryLiteral elements: (String, RouteValue)...) {
    self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  /// The value of the parameter `name`, or `nil`.
  public subscript(name: String) -> RouteValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The string value of `name` (a `{name}` parameter), or `nil`.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The value when it is a string.
  public func string(_ name: String) -> String? {
    if case .string(let value) = values[name] { return value }
    return nil
  }

  /// The integer value of `name` (a `{name:int}` parameter), or `nil`.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The value when it is an integer.
  public func integer(_ name: String) -> Int? {
    if case .integer(let value) = values[name] { return value }
    return nil
  }

  /// The ID value of `name` (a `{name:id}` parameter), or `nil`.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The value when it is an ID.
  public func id(_ name: String) -> ObjectID? {
    if case .id(let value) = values[name] { return value }
    return nil
  }

  /// The segments bound to the wildcard `name` (a `{name*}` parameter), or `nil`.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The decoded segments when the value is a wildcard's.
  public func segments(_ name: String) -> [String]? {
    if case .segments(let value) = values[name] { return value }
    return nil
  }
}

/// The value of one route parameter, of the type its pattern names.
///
/// Values compare byte for byte (<doc:RoutingAndRestoration#Identity>): two string values are
/// equal when their UTF-8 bytes are, so equal values print one URL.
public enum RouteValue: Hashable, Sendable {
  /// The decoded segment of a `{name}` parameter.
  case string(String)
  /// The value of a `{name:int}` parameter.
  case integer(Int)
  /// The value of a `{name:id}` parameter.
  case id(ObjectID)
  /// The decoded segments of a `{name*}` wildcard, one or more.
  case segments([String])

  /// Whether the two values are of one type and equal, strings byte for byte.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another.
  /// - Returns: `true` when both print the same segments.
  public static func == (lhs: RouteValue, rhs: RouteValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return ExactText.same(a, b)
    case (.integer(let a), .integer(let b)): return a == b
    case (.id(let a), .id(let b)): return a == b
    case (.segments(let a), .segments(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { ExactText.same($0, $1) }
    default: return false
    }
  }

  /// Hashes the type and the value, strings by their UTF-8 bytes, in agreement with `==`.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let text):
      hasher.combine(0)
      ExactText.hash(text, into: &hasher)
    case .integer(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .id(let id):
      hasher.combine(2)
      hasher.combine(id)
    case .segments(let segments):
      hasher.combine(3)
      hasher.combine(segments.count)
      for segment in segments { ExactText.hash(segment, into: &hasher) }
    }
  }
}
