package import TableKit
package import TableKitNavigation

/// The sample hierarchy `tablekit browse` walks and `tablekit open` opens: brands → models of
/// the chosen brand → a detail of brand and model.
///
/// Each level's description (``Level``) names the objects it shows by their stable IDs, so a
/// level has a URL (`cars://brands/bmw/models/i4`, see CarCatalogue+Routing.swift) and can be
/// rebuilt from it. A selection also writes the chosen brand and model into the stack's session
/// for the levels above, as before.
package enum CarCatalogue {
  /// The levels, by the IDs of what they show; made by ``makeLevel(_:session:)``.
  package enum Level: NavigationDestination {
    case brands
    case models(brand: ObjectID)
    case detail(brand: ObjectID, model: ObjectID)

    /// The level below this one, or `nil` for the brands.
    var parent: Level? {
      switch self {
      case .brands: return nil
      case .models: return .brands
      case .detail(let brand, _): return .models(brand: brand)
      }
    }
  }

  static let brands = [
    CarBrand(
      id: "alfa-romeo", name: "Alfa Romeo", country: "Italy",
      models: [
        CarModel(id: "giulia", name: "Giulia", body: "Saloon", since: 2016),
        CarModel(id: "stelvio", name: "Stelvio", body: "SUV", since: 2017),
        CarModel(id: "tonale", name: "Tonale", body: "SUV", since: 2022),
      ]),
    CarBrand(
      id: "bmw", name: "BMW", country: "Germany",
      models: [
        CarModel(id: "3-series", name: "3 Series", body: "Saloon", since: 1975),
        CarModel(id: "x3", name: "X3", body: "SUV", since: 2003),
        CarModel(id: "i4", name: "i4", body: "Gran Coupé", since: 2021),
      ]),
    CarBrand(
      id: "citroën", name: "Citroën", country: "France",
      models: [
        CarModel(id: "c3", name: "C3", body: "Hatchback", since: 2002),
        CarModel(id: "berlingo", name: "Berlingo", body: "Van", since: 1996),
      ]),
    CarBrand(
      id: "škoda", name: "Škoda", country: "Czechia",
      models: [
        CarModel(id: "octavia", name: "Octavia", body: "Estate", since: 1996),
        CarModel(id: "enyaq", name: "Enyaq", body: "SUV", since: 2020),
      ]),
  ]

  /// A navigation stack on the brands level.
  package static func makeStack() throws(NavigationError) -> NavigationController {
    try NavigationController(rootDestination: Level.brands, factory: makeLevel)
  }

  /// The brand with `id`, or `nil`.
  static func brand(_ id: ObjectID) -> CarBrand? {
    brands.first { $0.id == id.rawValue }
  }

  /// Makes the level `destination` describes, looking its brand and model up by ID.
  package static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    guard let level = destination as? Level else {
      throw .unknownDestination(String(describing: destination))
    }
    switch level {
    case .brands:
      return makeController(.brands(brands))
    case .models(let id):
      guard let brand = brand(id) else { throw .unknownDestination("the brand \(id)") }
      return makeController(.models(brand))
    case .detail(let brandID, let modelID):
      guard let brand = brand(brandID),
        let model = brand.models.first(where: { $0.id == modelID.rawValue })
      else { throw .unknownDestination("the model \(modelID) of \(brandID)") }
      return makeController(.detail(brand, model))
    }
  }

  /// What a level shows, found through its IDs.
  enum Objects: Sendable {
    case brands([CarBrand])
    case models(CarBrand)
    case detail(CarBrand, CarModel)
  }

  /// Makes the controller that shows `objects`.
  static func makeController(_ objects: Objects) -> TableController {
    switch objects {
    case .brands(let brands):
      return PickerController(title: "Brands", choices: brands, key: .brand) {
        .models(brand: ObjectID($0.id))
      }
    case .models(let brand):
      return PickerController(title: brand.name, choices: brand.models, key: .model) {
        .detail(brand: ObjectID(brand.id), model: ObjectID($0.id))
      }
    case .detail(let brand, let model):
      let facts = [
        ("Brand", brand.name), ("Model", model.name), ("Country", brand.country),
        ("Body", model.body), ("Made since", String(model.since)),
      ]
      return TableController(
        title: "\(brand.name) \(model.name)",
        dataSource: SectionedDataSource(
          items: facts.map { Cell($0.0, detail: $0.1, isSelectable: false) }))
    }
  }
}

extension SessionKey where Value == CarBrand {
  /// The brand chosen in the brands level.
  static let brand = SessionKey("brand")
}

extension SessionKey where Value == CarModel {
  /// The model chosen in the models level.
  static let model = SessionKey("model")
}
