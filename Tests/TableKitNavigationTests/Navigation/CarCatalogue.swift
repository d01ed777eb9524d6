import TableKit
import TableKitNavigation

/// A car brand and its models, for the car catalogue.
///
/// The catalogue is written as an app would: brands → models of the chosen brand → a detail of
/// brand and model (the DocC article "Navigation and drill-down" shows this file). The selection
/// travels up only through the stack's session; the levels' descriptions say which kind of
/// level, not which brand.
struct CarBrand: Hashable, Sendable {
  let name: String
  let models: [String]
}

extension SessionKey where Value == CarBrand {
  static let brand = SessionKey("brand")
}

extension SessionKey where Value == String {
  static let model = SessionKey("model")
}

enum CarLevel: NavigationDestination {
  case brands
  case models
  case detail
}

enum CarCatalogue {
  static let brands = [
    CarBrand(name: "Alfa Romeo", models: ["Giulia", "Stelvio"]),
    CarBrand(name: "BMW", models: ["3 Series", "5 Series", "X3"]),
    CarBrand(name: "Citroën", models: ["C3"]),
  ]

  /// A stack on the brands level whose factory makes every level from its description.
  static func makeStack() throws -> NavigationController {
    try NavigationController(rootDestination: CarLevel.brands, factory: makeLevel)
  }

  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination as? CarLevel {
    case .brands:
      return ChoiceController(
        title: "Brands", items: brands, name: \.name, key: .brand, next: .models)
    case .models:
      let brand = try session.requiredValue(for: .brand)
      return ChoiceController(
        title: brand.name, items: brand.models, name: { $0 }, key: .model, next: .detail)
    case .detail:
      return TableController(
        title: try session.requiredValue(for: .model),
        dataSource: SectionedDataSource(items: [
          Cell("Brand", detail: try session.requiredValue(for: .brand).name, isSelectable: false),
          Cell("Model", detail: try session.requiredValue(for: .model), isSelectable: false),
        ]))
    case nil:
      throw .unknownDestination(String(describing: destination))
    }
  }
}

/// A level listing `items`, where selecting one writes it into the session and leads deeper.
///
/// The item goes under `key`, and the next level is `next`. The brands and the models levels
/// are both one.
final class ChoiceController<Item: Sendable>: TableController {
  let items: [Item]
  let key: SessionKey<Item>
  let next: CarLevel

  init(title: String, items: [Item], name: (Item) -> String, key: SessionKey<Item>, next: CarLevel)
  {
    self.items = items
    self.key = key
    self.next = next
    super.init(
      title: title,
      dataSource: SectionedDataSource(
        items: items.map { Cell(name($0), accessory: .disclosureIndicator) }))
  }

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    try? setSessionValue(items[position.row], for: key)
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    next
  }
}
