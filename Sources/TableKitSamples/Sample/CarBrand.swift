/// A car maker in the sample catalogue, with the models it sells.
struct CarBrand: Hashable, Sendable {
  /// The stable ID URLs name the brand by (see CarCatalogue+Routing.swift).
  let id: String
  let name: String
  let country: String
  let models: [CarModel]
}

/// One model of a ``CarBrand``.
struct CarModel: Hashable, Sendable {
  /// The stable ID URLs name the model by, unique within its brand.
  let id: String
  let name: String
  let body: String
  let since: Int
}
