import TableKit

/// The sample hierarchy `tablekit browse` walks: brands → models of the chosen brand → a detail
/// of brand and model.
///
/// What a level needs from the one below travels only through the stack's session: the brands
/// level writes the chosen brand, the models level reads it and writes the chosen model, the
/// detail reads both. The levels' descriptions (``Level``) say which kind of level, not which
/// brand, so no state hides in them.
enum CarCatalogue {
  /// The kinds of level, made by ``makeLevel(_:session:)``.
  enum Level: NavigationDestination {
    case brands
    case models
    case detail
  }

  static let brands = [
    CarBrand(
      name: "Alfa Romeo", country: "Italy",
      models: [
        CarModel(name: "Giulia", body: "Saloon", since: 2016),
        CarModel(name: "Stelvio", body: "SUV", since: 2017),
        CarModel(name: "Tonale", body: "SUV", since: 2022),
      ]),
    CarBrand(
      name: "BMW", country: "Germany",
      models: [
        CarModel(name: "3 Series", body: "Saloon", since: 1975),
        CarModel(name: "X3", body: "SUV", since: 2003),
        CarModel(name: "i4", body: "Gran Coupé", since: 2021),
      ]),
    CarBrand(
      name: "Citroën", country: "France",
      models: [
        CarModel(name: "C3", body: "Hatchback", since: 2002),
        CarModel(name: "Berlingo", body: "Van", since: 1996),
      ]),
    CarBrand(
      name: "Škoda", country: "Czechia",
      models: [
        CarModel(name: "Octavia", body: "Estate", since: 1996),
        CarModel(name: "Enyaq", body: "SUV", since: 2020),
      ]),
  ]

  /// A navigation stack on the brands level.
  static func makeStack() throws(NavigationError) -> NavigationController {
    try NavigationController(rootDestination: Level.brands, factory: makeLevel)
  }

  /// Makes the level `destination` describes from what the session holds.
  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination as? Level {
    case .brands:
      return PickerController(title: "Brands", choices: brands, key: .brand, next: .models)
    case .models:
      let brand = try session.requiredValue(for: .brand)
      return PickerController(title: brand.name, choices: brand.models, key: .model, next: .detail)
    case .detail:
      let brand = try session.requiredValue(for: .brand)
      let model = try session.requiredValue(for: .model)
      let facts = [
        ("Brand", brand.name), ("Model", model.name), ("Country", brand.country),
        ("Body", model.body), ("Made since", String(model.since)),
      ]
      return TableController(
        title: "\(brand.name) \(model.name)",
        dataSource: SectionedDataSource(
          items: facts.map { Cell($0.0, detail: $0.1, isSelectable: false) }))
    case nil:
      throw .unknownDestination(String(describing: destination))
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

/// A level of choices: selecting one writes it into the session for the next level and leads
/// there.
final class PickerController<Choice: Sendable>: TableController {
  private let key: SessionKey<Choice>
  private let next: CarCatalogue.Level

  init(title: String, choices: [Choice], key: SessionKey<Choice>, next: CarCatalogue.Level) {
    self.key = key
    self.next = next
    super.init(title: title, dataSource: SectionedDataSource(items: choices))
  }

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    guard let choice = object as? Choice else { return }
    try? setSessionValue(choice, for: key)
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    object is Choice ? next : nil
  }
}
