import TableKit
import TableKitNavigation

/// A car maker and the models it builds.
public struct Brand: Hashable, Sendable {
  /// The maker's name, the level's title once chosen.
  public let name: String
  /// Where the maker is based, shown beside the name.
  public let country: String
  /// The models it builds, the next level's rows.
  public let models: [Model]
}

/// A model of car.
public struct Model: Hashable, Sendable {
  /// The model's name.
  public let name: String
  /// Its body style, shown beside the name.
  public let body: String
}

extension Brand: TableRepresentable {
  /// The brand's row: its name and country, leading deeper.
  public var tableCell: Cell {
    Cell(name, detail: country, accessory: .disclosureIndicator, kind: "brand")
  }
}

extension Model: TableRepresentable {
  /// The model's row: its name and body, leading deeper.
  public var tableCell: Cell {
    Cell(name, detail: body, accessory: .disclosureIndicator, kind: "model")
  }
}

extension SessionKey where Value == Brand {
  /// The brand chosen on the brands level.
  public static let brand = SessionKey("brand")
}

extension SessionKey where Value == Model {
  /// The model chosen on a brand's level.
  public static let model = SessionKey("model")
}

/// The catalogue: brands, then the models of the chosen brand, then a detail.
///
/// The models level is titled with the brand (back to "Brands"); the detail shows brand and
/// model. The choices travel down through the session.
public enum Catalogue {
  /// The levels of the catalogue.
  public enum Level: NavigationDestination {
    case brands, models, detail
  }

  /// The brands, in the order they are listed.
  public static let brands = [
    Brand(
      name: "Alfa Romeo", country: "Italy",
      models: [Model(name: "Giulia", body: "Saloon"), Model(name: "Stelvio", body: "SUV")]),
    Brand(
      name: "Škoda", country: "Czechia",
      models: [Model(name: "Octavia", body: "Estate"), Model(name: "Enyaq", body: "SUV")]),
  ]

  /// A stack showing the brands.
  public static func makeStack() throws(NavigationError) -> NavigationController {
    try NavigationController(rootDestination: Level.brands, factory: makeLevel)
  }

  /// Makes the level for `destination` from what the session holds.
  public static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    switch destination as? Level {
    case .brands:
      return Picker(title: "Brands", choices: brands, key: .brand, next: .models)
    case .models:
      let brand = try session.requiredValue(for: .brand)
      return Picker(title: brand.name, choices: brand.models, key: .model, next: .detail)
    case .detail:
      let brand = try session.requiredValue(for: .brand)
      let model = try session.requiredValue(for: .model)
      let facts = [("Brand", brand.name), ("Model", model.name), ("Body", model.body)]
      return TableController(
        title: "\(brand.name) \(model.name)",
        dataSource: SectionedDataSource(
          items: facts.map { Cell($0.0, detail: $0.1, isSelectable: false) }))
    case nil:
      throw .unknownDestination(String(describing: destination))
    }
  }
}

/// A level that lists choices; choosing one writes it to the session and leads to `next`.
final class Picker<Choice: Sendable>: TableController {
  private let key: SessionKey<Choice>
  private let next: Catalogue.Level

  init(title: String, choices: [Choice], key: SessionKey<Choice>, next: Catalogue.Level) {
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
