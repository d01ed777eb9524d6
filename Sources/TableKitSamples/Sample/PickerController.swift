import TableKit
import TableKitNavigation

/// A level of choices: selecting one writes it into the session for the next level and leads
/// to the level `next` names for it.
final class PickerController<Choice: Sendable>: TableController {
  private let key: SessionKey<Choice>
  private let next: (Choice) -> CarCatalogue.Level

  init(
    title: String, choices: [Choice], key: SessionKey<Choice>,
    next: @escaping (Choice) -> CarCatalogue.Level
  ) {
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
    (object as? Choice).map(next)
  }
}
