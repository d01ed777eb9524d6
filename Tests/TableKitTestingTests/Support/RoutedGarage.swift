import TableKit
import TableKitNavigation

/// The garage with routes: `garage://brands`, `garage://brands/{brand:id}` and
/// `garage://brands/{brand:id}/{model:id}`; a resolver rebuilds each level from the catalogue.
enum GarageRoute: NavigationDestination {
  case brands
  case models(brand: ObjectID)
  case detail(brand: ObjectID, model: ObjectID)

  var parent: GarageRoute? {
    switch self {
    case .brands: nil
    case .models: .brands
    case .detail(let brand, _): .models(brand: brand)
    }
  }

  static func makeRouter(printsDetail: Bool = true) throws -> Router<GarageRoute> {
    var router = Router<GarageRoute>(parent: \.parent)
    try router.register("garage://brands") { _ in
      .brands
    } parameters: {
      $0 == .brands ? [:] : nil
    }
    try router.register("garage://brands/{brand:id}") { values in
      values.id("brand").map { .models(brand: $0) }
    } parameters: {
      guard case .models(let brand) = $0 else { return nil }
      return ["brand": .id(brand)]
    }
    try router.register("garage://brands/{brand:id}/{model:id}") { values in
      guard let brand = values.id("brand"), let model = values.id("model") else { return nil }
      return .detail(brand: brand, model: model)
    } parameters: {
      guard printsDetail, case .detail(let brand, let model) = $0 else { return nil }
      return ["brand": .id(brand), "model": .id(model)]
    }
    return router
  }

  /// A live stack at the brands level.
  static func makeStack() throws -> NavigationController {
    try NavigationController(rootDestination: GarageRoute.brands, factory: makeLevel)
  }

  /// Makes a live level from the catalogue.
  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    guard let route = destination as? GarageRoute, let level = GarageResolver().level(route) else {
      throw .unknownDestination(String(describing: destination))
    }
    return level
  }
}

/// A row of the routed garage: its text and where it leads.
struct GarageRow: Hashable, Sendable, TableRepresentable {
  let name: String
  let next: GarageRoute?
  var tableCell: Cell {
    Cell(name, accessory: next == nil ? .none : .disclosureIndicator, isSelectable: next != nil)
  }
}

/// A level of the routed garage: rows that lead to their `next`.
final class GarageLevelController: TableController {
  init(title: String, rows: [GarageRow]) {
    super.init(title: title, dataSource: SectionedDataSource(items: rows))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    (object as? GarageRow)?.next
  }
}

struct GarageResolver: LevelResolver {
  func level(_ route: GarageRoute) -> TableController? {
    func id(_ name: String) -> ObjectID { ObjectID(name.lowercased().replacing(" ", with: "-")) }
    func brand(_ brandID: ObjectID) -> Brand? { Garage.brands.first { id($0.name) == brandID } }
    switch route {
    case .brands:
      return GarageLevelController(
        title: "Brands",
        rows: Garage.brands.map { GarageRow(name: $0.name, next: .models(brand: id($0.name))) })
    case .models(let brandID):
      guard let brand = brand(brandID) else { return nil }
      return GarageLevelController(
        title: brand.name,
        rows: brand.models.map {
          GarageRow(name: $0, next: .detail(brand: brandID, model: id($0)))
        })
    case .detail(let brandID, let modelID):
      guard let brand = brand(brandID), let model = brand.models.first(where: { id($0) == modelID })
      else { return nil }
      return GarageLevelController(
        title: "\(brand.name) \(model)", rows: [GarageRow(name: "Brand: \(brand.name)", next: nil)])
    }
  }

  func resolve(_ destination: GarageRoute) async -> ObjectResolution<Bool> {
    level(destination) == nil ? .missing : .found(true)
  }

  func makeController(
    for destination: GarageRoute, objects: Bool, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    guard let level = level(destination) else {
      throw .unknownDestination(String(describing: destination))
    }
    return level
  }
}
