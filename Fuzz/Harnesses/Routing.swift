// Fuzzes the router and the restore, the two places untrusted text reaches routing.
//
// - match: any text either routes or is a RoutingError; a routed URL's destination prints a URL
//   that routes back to the same destination, and a URL that parses prints a canonical form that
//   parses to the same segments (printing is idempotent).
// - Base64URL and ObjectID: text that decodes re-encodes to itself.
// - restore: any text restores a stack (maybe none) and reasons; what came back, saved and
//   restored again, comes back whole and the same.
//
// Input: one byte choosing the mode, then the text.

import Dispatch
import Synchronization
import TableKit
import TableKitNavigation

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRouting(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  let mode = input.choice(3)
  let text = input.rest()
  switch mode {
  case 0: checkMatch(text)
  case 1: checkBase64(text)
  default: checkRestore(text)
  }
  return 0
}

/// The levels of a small catalogue: IDs only.
enum Level: NavigationDestination {
  case root
  case list(ObjectID)
  case item(ObjectID, Int)
  case page(String)
  case rest([String])

  var parent: Level? {
    switch self {
    case .root: return nil
    case .list: return .root
    case .item(let list, _): return .list(list)
    case .page, .rest: return .root
    }
  }
}

/// A router with overlapping patterns of every kind.
let router: Router<Level> = {
  var router = Router<Level>(parent: \.parent)
  do {
    try router.register("t://") { _ in
      .root
    } parameters: {
      $0 == .root ? [:] : nil
    }
    try router.register("t://l/{list:id}") { values in
      values.id("list").map(Level.list)
    } parameters: {
      guard case .list(let id) = $0 else { return nil }
      return ["list": .id(id)]
    }
    try router.register("t://l/{list:id}/{n:int}") { values in
      guard let list = values.id("list"), let n = values.integer("n") else { return nil }
      return .item(list, n)
    } parameters: {
      guard case .item(let list, let n) = $0 else { return nil }
      return ["list": .id(list), "n": .integer(n)]
    }
    try router.register("t://l/{name}") { values in
      values.string("name").map(Level.page)
    } parameters: {
      guard case .page(let name) = $0 else { return nil }
      return ["name": .string(name)]
    }
    try router.register("t://l/{rest*}") { values in
      values.segments("rest").map(Level.rest)
    } parameters: {
      guard case .rest(let segments) = $0 else { return nil }
      return ["rest": .segments(segments)]
    }
  } catch {
    fail("the harness's patterns do not register", [error])
  }
  return router
}()

func checkMatch(_ text: String) {
  if let url = try? RouteURL(parsing: text) {
    let canonical = url.description
    guard let again = try? RouteURL(parsing: canonical) else {
      fail("a canonical URL does not parse", [text, canonical])
    }
    expectEqual(again, url, "the canonical URL reads differently", input: text)
    expectEqual(again.description, canonical, "printing is not idempotent", input: text)
  }
  guard let destination = try? router.match(text) else { return }
  guard let printed = router.url(for: destination) else {
    fail("a routed destination has no URL", [text, destination])
  }
  guard let back = try? router.match(printed) else {
    fail("a printed URL does not route", [printed])
  }
  expectEqual(back, destination, "a printed URL routes elsewhere", input: text)
}

func checkBase64(_ text: String) {
  if let bytes = try? Base64URL.decode(text) {
    expectEqual(
      Base64URL.encode(bytes), text, "Base64 that decodes does not re-encode to itself", input: text
    )
  }
  if let id = try? ObjectID(segment: text) {
    expectEqual(id.segment, text, "an ID segment that reads does not print back", input: text)
  }
}

/// Finds every level except lists named "gone" (missing) and "secret" (forbidden).
struct Resolver: LevelResolver {
  func resolve(_ destination: Level) async -> ObjectResolution<String> {
    switch destination {
    case .list(let id) where id.rawValue == "gone": return .missing
    case .list(let id) where id.rawValue == "secret": return .forbidden(reason: "secret")
    default: return .found(String(describing: destination))
    }
  }

  func makeController(
    for destination: Level, objects: String, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    TableController(title: objects, dataSource: SectionedDataSource(items: ["a", "b"]))
  }
}

/// Restores `text`, then saves what came back and restores that; returns a broken property.
func restoreTwice(_ text: String) async -> String? {
  let first = await router.restore(text, resolver: Resolver())
  guard let stack = first.navigationController else {
    return first.dropped.isEmpty ? "nothing restored and no reason given" : nil
  }
  let saved = router.save(stack)
  let second = await router.restore(saved, resolver: Resolver())
  guard second.isComplete, let again = second.navigationController else {
    return "a saved restored stack does not restore whole: \(saved) \(second.dropped)"
  }
  if again.urls(using: router) != stack.urls(using: router) { return "the URLs differ: \(saved)" }
  if again.breadcrumbs != stack.breadcrumbs { return "the titles differ: \(saved)" }
  if again.controllers.map(\.table.selectedPositions)
    != stack.controllers.map(\.table.selectedPositions)
  {
    return "the selections differ: \(saved)"
  }
  return nil
}

func checkRestore(_ text: String) {
  let result = Mutex<String?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let problem = await restoreTwice(text)
    result.withLock { $0 = problem }
    done.signal()
  }
  done.wait()
  if let problem = result.withLock({ $0 }) { fail(problem, [text]) }
}
