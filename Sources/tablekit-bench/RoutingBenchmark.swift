import Foundation
import TableKit
import TableKitNavigation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A routed level in the benchmark: which route and the IDs in its URL.
protocol BenchmarkRouted: NavigationDestination {
  init(route: Int, ids: [ObjectID], pattern: String)
  var route: Int { get }
  var ids: [ObjectID] { get }
}

/// A level `url(for:)` finds by asking every route.
struct BenchmarkLevel: BenchmarkRouted {
  let route: Int
  let ids: [ObjectID]
  init(route: Int, ids: [ObjectID], pattern: String) {
    self.route = route
    self.ids = ids
  }
}

/// A level that names its route's pattern (``RoutePrintable``).
struct KeyedBenchmarkLevel: BenchmarkRouted, RoutePrintable {
  let route: Int
  let ids: [ObjectID]
  let routePattern: String
  init(route: Int, ids: [ObjectID], pattern: String) {
    self.route = route
    self.ids = ids
    self.routePattern = pattern
  }
}

/// `--routes 10,10000`: matches URLs of 2, 4, 8 and 16 segments against routers of each size,
/// and prints nanoseconds a match (wall and CPU) and a `url(for:)`, for a destination the
/// router must find by asking every route and for one that names its route (`RoutePrintable`).
///
/// Route `i` of a router for depth `d` is `bench://r<i>/{p1:id}/x/{p3:id}/x/…` (`d` segments:
/// the route's own literal, then IDs and the literal `x` in turn); the URLs matched are those of
/// 1,000 routes spread over the router, cycled. Matching walks the trie a segment at a time and
/// looks each literal up by hash, so its cost should follow `d`, not the number of routes.
func runRoutingBenchmark(routeCounts: [Int], matches: Int) {
  print("routes\tsegments\tmatch_ns_wall\tmatch_ns_cpu\turl_for_ns_wall\turl_for_keyed_ns_wall")
  for count in routeCounts {
    for depth in [2, 4, 8, 16] {
      let router: Router<BenchmarkLevel> = makeBenchmarkRouter(routes: count, depth: depth)
      let keyed: Router<KeyedBenchmarkLevel> = makeBenchmarkRouter(routes: count, depth: depth)
      let urls = (0..<1_000).map { k in benchmarkURL(route: (k &* 7_919) % count, depth: depth) }
      var matched = 0
      // Warm up, then measure.
      for url in urls where (try? router.match(url)) == nil { stop("\(url) does not route") }
      let (wall, cpu) = timed {
        for index in 0..<matches where (try? router.match(urls[index % urls.count])) != nil {
          matched += 1
        }
      }
      guard matched == matches else { stop("only \(matched) of \(matches) matched") }
      let printWall = timePrinting(
        router, urls: urls, count: max(1, min(matches, 2_000_000 / count)))
      let keyedWall = timePrinting(keyed, urls: urls, count: matches)
      print(
        "\(count)\t\(depth)\t\(nanoseconds(wall, matches))\t\(nanoseconds(cpu, matches))\t"
          + "\(printWall)\t\(keyedWall)")
    }
  }
}

/// A level of the adversarial router: which kinds its route has at each place.
struct AdversarialLevel: NavigationDestination {
  let kinds: [Int]
}

/// Times the adversarial route set against a URL that fails at its last segment.
///
/// The set is `adv://{p1:K}/…/{p8:K}/end` for every choice of `K` among `int`, `id` and string
/// at each of the 8 places (3⁸ = 6,561 routes); the URL is eight integers (each a valid value
/// of all three kinds) and `nope`, which is no route's last segment.
/// A search that backtracks over every combination tries all 6,561 before it fails; beside it,
/// the same URL against one route, and a URL that matches (`…/end`). Routes the router refuses
/// (``Router/maximumMatchCost``) are counted in `refused`, and the set is timed without them.
func runAdversarialRoutingBenchmark(matches: Int) {
  print(
    "adversarial_routes\trefused\tsegments\tmatch_steps\tmiss_ns_wall\tmiss_ns_cpu\thit_ns_wall"
      + "\thit_ns_cpu")
  let places = 8
  let kinds = [":int", ":id", ""]
  var full = Router<AdversarialLevel>()
  var single = Router<AdversarialLevel>()
  var count = 1
  var refused = 0
  for _ in 0..<places { count *= kinds.count }
  for code in 0..<count {
    var rest = code
    let choice = (0..<places).map { _ in
      defer { rest /= kinds.count }
      return rest % kinds.count
    }
    let pattern =
      "adv://"
      + choice.enumerated().map { "{p\($0.offset)\(kinds[$0.element])}" }
      .joined(separator: "/") + "/end"
    do {
      let route = try Route<AdversarialLevel>(pattern) { _ in
        AdversarialLevel(kinds: choice)
      } parameters: { level in
        level.kinds == choice ? [:] : nil
      }
      if code == count - 1 { try single.register(route) }
      do {
        try full.register(route)
      } catch {
        refused += 1
      }
    } catch {
      stop("cannot register \(pattern): \(error)")
    }
  }
  let prefix = "adv://" + (1...places).map(String.init).joined(separator: "/")
  for (router, routes, refusals) in [(single, 1, 0), (full, count - refused, refused)] {
    guard (try? router.match(prefix + "/end")) != nil else { stop("\(prefix)/end does not route") }
    guard (try? router.match(prefix + "/nope")) == nil else { stop("\(prefix)/nope routes") }
    let runs = max(1, matches / routes)
    let miss = timed {
      for _ in 0..<runs where (try? router.match(prefix + "/nope")) != nil { stop("matched") }
    }
    let hit = timed {
      for _ in 0..<runs where (try? router.match(prefix + "/end")) == nil { stop("no match") }
    }
    let steps = (try? router.matchSteps(prefix + "/nope")) ?? 0
    print(
      "\(routes)\t\(refusals)\t\(places + 1)\t\(steps)\t\(nanoseconds(miss.wall, runs))\t"
        + "\(nanoseconds(miss.cpu, runs))\t\(nanoseconds(hit.wall, runs))\t"
        + "\(nanoseconds(hit.cpu, runs))")
  }
}

/// Nanoseconds a `url(for:)` of the levels of `urls`, over `count` calls.
private func timePrinting<Level: BenchmarkRouted>(
  _ router: Router<Level>, urls: [String], count: Int
) -> String {
  let levels = urls.prefix(100).compactMap { try? router.match($0) }
  let (wall, _) = timed {
    for index in 0..<count where router.url(for: levels[index % levels.count]) == nil {
      stop("a level has no URL")
    }
  }
  return nanoseconds(wall, count)
}

private func makeBenchmarkRouter<Level: BenchmarkRouted>(routes: Int, depth: Int) -> Router<Level> {
  var router = Router<Level>()
  for route in 0..<routes {
    let pattern = (1..<depth).reduce("bench://r\(route)") { text, segment in
      text + (segment % 2 == 1 ? "/{p\(segment):id}" : "/x")
    }
    let names = (1..<depth).filter { $0 % 2 == 1 }.map { "p\($0)" }
    do {
      try router.register(pattern) { values in
        Level(route: route, ids: names.compactMap { values.id($0) }, pattern: pattern)
      } parameters: { level in
        guard level.route == route, level.ids.count == names.count else { return nil }
        return RouteParameters(
          Dictionary(uniqueKeysWithValues: zip(names, level.ids.map(RouteValue.id))))
      }
    } catch {
      stop("cannot register \(pattern): \(error)")
    }
  }
  return router
}

private func benchmarkURL(route: Int, depth: Int) -> String {
  var url = "bench://r\(route)"
  for segment in 1..<depth { url += segment % 2 == 1 ? "/id\(segment)" : "/x" }
  return url
}

/// Wall and CPU (user + system) seconds `body` took.
private func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
  func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }
  let clock = ContinuousClock()
  let cpuStart = cpuSeconds()
  let elapsed = clock.measure(body)
  let cpu = cpuSeconds() - cpuStart
  let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return (wall, cpu)
}

private func nanoseconds(_ seconds: Double, _ count: Int) -> String {
  String(Int((seconds / Double(count) * 1e9).rounded()))
}
