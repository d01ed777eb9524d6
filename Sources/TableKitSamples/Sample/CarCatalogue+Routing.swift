import TableKit
package import TableKitNavigation

extension CarCatalogue {
  /// The catalogue's routes: `cars://brands`, `cars://brands/{brand:id}/models` and
  /// `cars://brands/{brand:id}/models/{model:id}`, each level's parent the one below.
  ///
  /// IDs that are not URL-safe travel as `~` and their Base64: Citroën's URL is
  /// `cars://brands/~Y2l0cm_Dq24/models`.
  package static func makeRouter() throws(RoutingError) -> Router<Level> {
    var router = Router<Level>(parent: \.parent)
    try router.register("cars://brands") { _ in
      .brands
    } parameters: {
      $0 == .brands ? [:] : nil
    }
    try router.register("cars://brands/{brand:id}/models") { values in
      values.id("brand").map { .models(brand: $0) }
    } parameters: { level in
      guard case .models(let brand) = level else { return nil }
      return ["brand": .id(brand)]
    }
    try router.register("cars://brands/{brand:id}/models/{model:id}") { values in
      guard let brand = values.id("brand"), let model = values.id("model") else { return nil }
      return .detail(brand: brand, model: model)
    } parameters: { level in
      guard case .detail(let brand, let model) = level else { return nil }
      return ["brand": .id(brand), "model": .id(model)]
    }
    return router
  }
}

extension CarCatalogue {
  /// Opens `url` with `router`: each level's objects are found in the catalogue, and the
  /// stack can push the levels a selection leads to.
  ///
  /// - Parameters:
  ///   - url: The URL, untrusted.
  ///   - router: The catalogue's router (``makeRouter()``).
  /// - Returns: The stack and the levels opening dropped.
  @MainActor package static func open(_ url: String, with router: Router<Level>) async
    -> RestoreReport
  {
    await router.open(url, resolver: CarCatalogueResolver(), factory: makeLevel)
  }
}

/// Finds the catalogue's brands and models by ID; a brand or model the catalogue does not have
/// is missing, and a brand listed in `forbidden` may not be shown.
struct CarCatalogueResolver: LevelResolver {
  /// IDs of brands that may not be shown (none in the sample; tests and demos set some).
  var forbidden: Set<String> = []

  func resolve(_ destination: CarCatalogue.Level) async -> ObjectResolution<CarCatalogue.Objects> {
    switch destination {
    case .brands:
      return .found(.brands(CarCatalogue.brands))
    case .models(let id):
      guard !forbidden.contains(id.rawValue) else { return .forbidden(reason: "a private brand") }
      return CarCatalogue.brand(id).map { .found(.models($0)) } ?? .missing
    case .detail(let brandID, let modelID):
      guard !forbidden.contains(brandID.rawValue) else {
        return .forbidden(reason: "a private brand")
      }
      guard let brand = CarCatalogue.brand(brandID),
        let model = brand.models.first(where: { $0.id == modelID.rawValue })
      else { return .missing }
      return .found(.detail(brand, model))
    }
  }

  func makeController(
    for destination: CarCatalogue.Level, objects: CarCatalogue.Objects,
    session: NavigationSession
  ) throws(NavigationError) -> TableController {
    CarCatalogue.makeController(objects)
  }
}
