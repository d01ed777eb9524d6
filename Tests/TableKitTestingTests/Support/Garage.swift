import TableKit
import TableKitNavigation

/// A small car catalogue: brands → the models of the chosen brand → a detail of both; the
/// choices travel down through the session.
struct Brand: Hashable, Sendable {
  let name: String
  let models: [String]
}

extension SessionKey where Value == Brand {
  static let brand = SessionKey("brand")
}

extension SessionKey where Value == String {
  static let model = SessionKey("model")
}

enum GarageLevel: NavigationDestination {
  case brands
  case models
  case detail
}

enum Garage {
  static let brands = [
    Brand(name: "Alfa Romeo", models: ["Giulia", "Stelvio"]),
    Brand(name: "BMW", models: ["3 Series", "X3"]),
  ]

  static func makeStack() throws -> NavigationController {
    try NavigationController(rootDestination: GarageLevel.brands, factory: makeLevel)
  }

  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination as? GarageLevel {
    case .brands:
      return Picker(title: "Brands", items: brands, name: \.name, key: .brand, next: .models)
    case .models:
      let brand = try session.requiredValue(for: .brand)
      return Picker(
        title: brand.name, items: brand.models, name: { $0 }, key: .model, next: .detail)
    case .detail:
      let brand = try session.requiredValue(for: .brand)
      let model = try session.requiredValue(for: .model)
      return TableController(
        title: "\(brand.name) \(model)",
        dataSource: SectionedDataSource(items: [
          Cell("Brand", detail: brand.name, isSelectable: false),
          Cell("Model", detail: model, isSelectable: false),
        ]))
    case nil:
      throw .unknownDestination(String(describing: destination))
    }
  }
}

/// A level that lists choices; choosing one writes it to the session and pushes `next`.
final class Picker<Item: Sendable>: TableController {
  let items: [Item]
  let key: SessionKey<Item>
  let next: GarageLevel?

  init(
    title: String, items: [Item], name: (Item) -> String, key: SessionKey<Item>, next: GarageLevel?
  ) {
    self.items = items
    self.key = key
    self.next = next
    super.init(
      title: title,
      dataSource: SectionedDataSource(
        items: items.map { Cell(name($0), accessory: next == nil ? .none : .disclosureIndicator) }))
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
