import TableKit
import TableRender

/// The car catalogue's levels as the router names them: `cars://brands`,
/// `cars://brands/{brand}/models` and `cars://brands/{brand}/models/{model}`.
///
/// The catalogue's own destinations say only which kind of level (the chosen brand and model
/// travel in the session); a route adds the IDs, so each level has a URL of its own. IDs are
/// the names as slugs (`alfa-romeo`, `3-series`), plain URL segments.
enum CarRoute: NavigationDestination {
  case brands
  case models(brand: ObjectID)
  case detail(brand: ObjectID, model: ObjectID)

  /// The level below, for the router's deep links.
  var parent: CarRoute? {
    switch self {
    case .brands: nil
    case .models: .brands
    case .detail(let brand, _): .models(brand: brand)
    }
  }

  /// The router of the catalogue's three routes.
  static let router: Router<CarRoute> = {
    var router = Router<CarRoute>(parent: { $0.parent })
    do {
      try router.register("cars://brands") { _ in
        .brands
      } parameters: { destination in
        destination == .brands ? [:] : nil
      }
      try router.register("cars://brands/{brand:id}/models") { values in
        values.id("brand").map { .models(brand: $0) }
      } parameters: { destination in
        guard case .models(let brand) = destination else { return nil }
        return ["brand": .id(brand)]
      }
      try router.register("cars://brands/{brand:id}/models/{model:id}") { values in
        guard let brand = values.id("brand"), let model = values.id("model") else { return nil }
        return .detail(brand: brand, model: model)
      } parameters: { destination in
        guard case .detail(let brand, let model) = destination else { return nil }
        return ["brand": .id(brand), "model": .id(model)]
      }
    } catch {
      // The patterns are fixed and tested; a router without them names levels by default.
    }
    return router
  }()

  /// The route of the catalogue level on top of `stack`, from its kind and the session.
  static func route(of level: CarCatalogue.Level, session: NavigationSession) -> CarRoute? {
    let brand = session.value(for: .brand).map { ObjectID(SitePageNaming.slug($0.name)) }
    let model = session.value(for: .model).map { ObjectID(SitePageNaming.slug($0.name)) }
    switch level {
    case .brands: return .brands
    case .models: return brand.map { .models(brand: $0) }
    case .detail:
      guard let brand, let model else { return nil }
      return .detail(brand: brand, model: model)
    }
  }
}
