import Foundation
import TableKit
import TableKitNavigation
import TableKitTesting

/// A level of the synthetic app: level `index` lists ten rows; row `r` leads to level
/// `10 × index + r + 1` while that is below the app's level count, so the app is a tree of
/// exactly `count` levels, up to four deep for 1,000.
private struct WalkLevel: NavigationDestination {
  let index: Int
}

private final class WalkController: TableController {
  let index: Int
  let count: Int

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
    let rows = (0..<10).map { row in
      let child = 10 * index + row + 1
      return Cell(
        "Item \(index).\(row)", detail: "level \(index)",
        values: [.integer(row), .decimal(Double(index) + Double(row) / 10, fractionDigits: 2)],
        accessory: child < count ? .disclosureIndicator : .none, kind: "item")
    }
    super.init(
      title: "Level \(index)",
      dataSource: SectionedDataSource(sections: [
        TableSection("First", items: Array(rows[0..<5])),
        TableSection("Second", footer: "5 items", items: Array(rows[5...])),
      ]))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    let child = 10 * index + 5 * position.section + position.row + 1
    return child < count ? WalkLevel(index: child) : nil
  }
}

/// `walk://levels/{index:int}`, each level's parent being the level that lists it.
private func makeWalkRouter() -> Router<WalkLevel> {
  var router = Router<WalkLevel>(parent: {
    $0.index == 0 ? nil : WalkLevel(index: ($0.index - 1) / 10)
  })
  do {
    try router.register("walk://levels/{index:int}") { values in
      values.integer("index").map(WalkLevel.init(index:))
    } parameters: { level in
      ["index": .integer(level.index)]
    }
  } catch {
    stop("cannot register the route: \(error)")
  }
  return router
}

private func makeWalkStack(levels: Int) -> NavigationController {
  let factory: NavigationController.Factory = { destination, _ throws(NavigationError) in
    guard let level = destination as? WalkLevel else {
      throw .unknownDestination(String(describing: destination))
    }
    return WalkController(index: level.index, count: levels)
  }
  guard
    let stack = try? NavigationController(rootDestination: WalkLevel(index: 0), factory: factory)
  else { stop("cannot build the synthetic app") }
  return stack
}

/// CPU time of this process so far (user + system, every thread), in seconds.
private func processCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// `--walk N`: walks a synthetic app of N levels four ways and times each.
///
/// The app's levels have ten rows in two titled sections. The ways, in the same process: the
/// bare `NavigationWalker` (the floor), `AppWalk` rendering and checking every level (what
/// `assertEveryLevel` does), the same plus each level's URL and saved-form round trip (what
/// `assertEveryLevel(of:router:)` does), and `AppWalk` plus comparing the whole walk's text with
/// an expected copy (what `assertWalk` does). Prints the median wall and CPU time of each and stops when a
/// walk misses a level or a level fails its checks.
func runWalkBenchmark(levels: Int, repetitions: Int) {
  let expected: String
  do {
    expected = try AppWalk().run(makeWalkStack(levels: levels)).lines.joined(separator: "\n")
  } catch {
    stop("the walk failed: \(error)")
  }
  let router = makeWalkRouter()
  // Each case walks a stack of its own: the bare walker leaves its selections on the root.
  let cases: [(String, (NavigationController) throws -> Int)] = [
    ("navigation_walker", { try NavigationWalker().walk($0) { _ in }.levelsVisited }),
    (
      "app_walk_checked",
      { stack in
        let report = try AppWalk().run(stack)
        guard report.failures.isEmpty else { stop(report.failureMessage ?? "a level failed") }
        return report.levelsVisited
      }
    ),
    (
      "app_walk_routed",
      { stack in
        let report = try AppWalk().run(stack, router: router)
        guard report.failures.isEmpty else { stop(report.failureMessage ?? "a level failed") }
        return report.levelsVisited
      }
    ),
    (
      "app_walk_compared",
      { stack in
        let report = try AppWalk().run(stack)
        let text = report.lines.joined(separator: "\n")
        guard report.failures.isEmpty, text == expected else { stop("the walk's text changed") }
        return report.levelsVisited
      }
    ),
  ]
  print("case                      levels   wall s (median)   cpu s (median)   levels/s")
  for (name, body) in cases {
    let stack = makeWalkStack(levels: levels)
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<repetitions {
      let clock = ContinuousClock()
      let cpuStart = processCPUSeconds()
      let start = clock.now
      let visited: Int
      do {
        visited = try body(stack)
      } catch {
        stop("\(name): \(error)")
      }
      let elapsed = start.duration(to: clock.now)
      let wall =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      cpus.append(processCPUSeconds() - cpuStart)
      walls.append(wall)
      guard visited == levels else { stop("\(name) visited \(visited) of \(levels) levels") }
    }
    let wall = walls.sorted()[walls.count / 2]
    let cpu = cpus.sorted()[cpus.count / 2]
    print(
      name.padding(toLength: 24, withPad: " ", startingAt: 0)
        + String(levels).leftPadded(to: 8)
        + String(format: "%18.4f%17.4f%11.0f", wall, cpu, Double(levels) / wall))
  }
}
