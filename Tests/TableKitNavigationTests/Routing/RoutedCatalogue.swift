import TableKit
import TableKitNavigation

/// The car catalogue with stable IDs, a resolver and fresh objects: what an app with a store
/// would write to open deep links and restore stacks.
struct Brand: Hashable, Sendable, TableRepresentable {
  let id: ObjectID
  let name: String
  let models: [Model]
  var tableCell: Cell { Cell(name, accessory: .disclosureIndicator) }
}

struct Model: Hashable, Sendable, TableRepresentable {
  let id: ObjectID
  let name: String
  var tableCell: Cell { Cell(name, accessory: .disclosureIndicator) }
}

/// What a level of the catalogue needs, found through its IDs.
enum CatalogueObjects: Sendable {
  case brands([Brand])
  case models(Brand)
  case detail(Brand, Model)
}

/// Resolves from an in-memory store, asynchronously as a real store would; refuses the brands
/// in `forbidden`.
struct CatalogueResolver: LevelResolver {
  var brands: [Brand] = CatalogueResolver.sample
  var forbidden: Set<ObjectID> = []

  static let sample = [
    Brand(
      id: ObjectID("alfa-romeo"), name: "Alfa Romeo",
      models: [
        Model(id: ObjectID("giulia"), name: "Giulia"),
        Model(id: ObjectID("stelvio"), name: "Stelvio"),
      ]),
    Brand(
      id: ObjectID("bmw"), name: "BMW",
      models: [
        Model(id: ObjectID("3-series"), name: "3 Series"), Model(id: ObjectID("x3"), name: "X3"),
        Model(id: ObjectID("i4"), name: "i4"),
      ]),
    Brand(
      id: ObjectID("Škoda / ČZ?#%+"), name: "Škoda",
      models: [Model(id: ObjectID("Octavia 1.0 TSI"), name: "Octavia")]),
  ]

  func brand(_ id: ObjectID) async -> ObjectResolution<Brand> {
    await Task.yield()
    if forbidden.contains(id) { return .forbidden(reason: "brand \(id) is private") }
    guard let brand = brands.first(where: { $0.id == id }) else { return .missing }
    return .found(brand)
  }

  func resolve(_ destination: CarRoute) async -> ObjectResolution<CatalogueObjects> {
    switch destination {
    case .brands:
      return .found(.brands(brands))
    case .models(let id):
      switch await brand(id) {
      case .found(let brand): return .found(.models(brand))
      case .missing: return .missing
      case .forbidden(let reason): return .forbidden(reason: reason)
      }
    case .detail(let brandID, let modelID):
      switch await brand(brandID) {
      case .found(let brand):
        guard let model = brand.models.first(where: { $0.id == modelID }) else { return .missing }
        return .found(.detail(brand, model))
      case .missing: return .missing
      case .forbidden(let reason): return .forbidden(reason: reason)
      }
    }
  }

  func makeController(
    for destination: CarRoute, objects: CatalogueObjects, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch objects {
    case .brands(let brands):
      return TableController(title: "Brands", dataSource: SectionedDataSource(items: brands))
    case .models(let brand):
      return TableController(
        title: brand.name, dataSource: SectionedDataSource(items: brand.models))
    case .detail(let brand, let model):
      return TableController(
        title: "\(brand.name) \(model.name)",
        dataSource: SectionedDataSource(items: [
          Cell("Brand", detail: brand.name), Cell("Model", detail: model.name),
        ]))
    }
  }
}
