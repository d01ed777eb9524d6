import TableKit
import TableKitNavigation

/// What a stack shows, level by level, for comparing a stack with its restored copy.
struct StackState: Equatable {
  struct Level: Equatable {
    var url: String?
    var rendering: [String]
    var selection: [TablePosition]
    var selectedObjects: [String]
  }

  var levels: [Level]

  init<Destination>(_ stack: NavigationController, router: Router<Destination>) {
    let urls = stack.urls(using: router)
    levels = zip(stack.controllers, urls).map { controller, url in
      let table = controller.table
      return Level(
        url: url, rendering: TableRendering(controller).lines,
        selection: table.selectedPositions,
        selectedObjects: table.selectedPositions.map { position in
          (try? table.representedObject(at: position)).map { String(reflecting: $0) } ?? "?"
        })
    }
  }

  /// The differences from `restored`, in words, level by level.
  func differences(from restored: StackState) -> [String] {
    var problems: [String] = []
    if levels.count != restored.levels.count {
      problems.append(
        "the stack has \(levels.count) levels, the restored one \(restored.levels.count)")
    }
    for (index, (old, new)) in zip(levels, restored.levels).enumerated() {
      let name = "level \(index) (\(old.url ?? "no URL"))"
      if old.url != new.url {
        problems.append("\(name): restored as \(new.url ?? "a level without URL")")
      }
      if old.selection != new.selection {
        problems.append("\(name): selection \(old.selection), restored \(new.selection)")
      } else if old.selectedObjects != new.selectedObjects {
        problems.append(
          "\(name): the selected rows represent \(old.selectedObjects), restored "
            + "\(new.selectedObjects)")
      }
      if old.rendering != new.rendering {
        let message = TextComparison.mismatch(
          new.rendering, expected: old.rendering.joined(separator: "\n"),
          headline: "\(name) shows something else restored"
        ) { _ in "" }
        problems.append(message ?? "\(name) shows something else restored")
      }
    }
    return problems
  }
}
