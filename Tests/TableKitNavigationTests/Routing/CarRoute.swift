import TableKit
import TableKitNavigation

/// The car catalogue's levels as a test would describe them: IDs only, no objects.
enum CarRoute: NavigationDestination {
  case brands
  case models(brand: ObjectID)
  case detail(brand: ObjectID, model: ObjectID)

  var parent: CarRoute? {
    switch self {
    case .brands: return nil
    case .models: return .brands
    case .detail(let brand, _): return .models(brand: brand)
    }
  }

  /// The catalogue's router: three routes, each level's parent the one below.
  static func makeRouter() throws -> Router<CarRoute> {
    var router = Router<CarRoute>(parent: \.parent)
    try router.register("cars://brands") { _ in
      .brands
    } parameters: {
      $0 == .brands ? [:] : nil
    }
    try router.register("cars://brands/{brand:id}/models") { values in
      values.id("brand").map { .models(brand: $0) }
    } parameters: {
      guard case .models(let brand) = $0 else { return nil }
      return ["brand": .id(brand)]
    }
    try router.register("cars://brands/{brand:id}/models/{model:id}") { values in
      guard let brand = values.id("brand"), let model = values.id("model") else { return nil }
      return .detail(brand: brand, model: model)
    } parameters: {
      guard case .detail(let brand, let model) = $0 else { return nil }
      return ["brand": .id(brand), "model": .id(model)]
    }
    return router
  }
}
