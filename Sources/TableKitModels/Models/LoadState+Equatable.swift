import TableKit

extension LoadState: Equatable {
  /// Whether two states are the same case with equal contents.
  ///
  /// Two ``failed(_:)`` states are equal when their errors are: errors of one `Equatable` type
  /// compare with that type's `==`; errors of a type that is not `Equatable` are equal when they
  /// are of the same type and read the same (`String(reflecting:)`), so a test can write
  /// `#expect(model.state == .failed(expectedError))` for either kind.
  ///
  /// ```swift
  /// struct Offline: Error, Equatable {}
  /// LoadState.failed(Offline()) == .failed(Offline())  // true
  /// LoadState.loading(.more) == .loading(.first)       // false
  /// ```
  public static func == (lhs: LoadState, rhs: LoadState) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle), (.loaded, .loaded), (.cancelled, .cancelled):
      true
    case (.loading(let left), .loading(let right)):
      left == right
    case (.failed(let left), .failed(let right)):
      Self.error(left, equals: right)
    case (.idle, _), (.loading, _), (.loaded, _), (.failed, _), (.cancelled, _):
      false
    }
  }

  private static func error(_ left: any Error, equals right: any Error) -> Bool {
    guard type(of: left) == type(of: right) else { return false }
    // Through `Any`: a cast straight from `any Error` is wrongly reported as always succeeding.
    let boxed: Any = left
    if let left = boxed as? any Equatable {
      return left.isEqual(to: right)
    }
    return String(reflecting: left) == String(reflecting: right)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to `self` (opens an `any Equatable`).
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
