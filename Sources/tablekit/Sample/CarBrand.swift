/// A car maker in the sample catalogue, with the models it sells.
struct CarBrand: Hashable, Sendable {
  let name: String
  let country: String
  let models: [CarModel]
}

/// One model of a ``CarBrand``.
struct CarModel: Hashable, Sendable {
  let name: String
  let body: String
  let since: Int
}
