import Foundation
import TableKit

/// The diff benchmark: two lists of unique strings, the second made from the first by deleting
/// 10%, inserting 10% and moving 2% of the items, each at positions scattered over the list (no
/// runs), diffed by TableKit and by the standard library's `CollectionDifference`.
///
///     swift run -c release tablekit-bench --diff 100000,1000000
///     swift run -c release tablekit-bench --diff 100000 --reps 5 --stdlib-max 100000
enum DiffCase: String, CaseIterable {
  /// `new.difference(from: old)` on snapshots built beforehand.
  case diff = "tablekit_diff"
  /// Building both snapshots from the arrays (hashing every item), then the diff: the whole
  /// cost from two arrays, as the other libraries take them.
  case buildAndDiff = "tablekit_build_and_diff"
  /// `new.difference(from: old).inferringMoves()`.
  case stdlib = "stdlib_collection_difference"
}

/// One measured diff case, printed by the child process as JSON.
struct DiffResult: Codable {
  var name: String
  var items: Int
  var times: [Double]
  var medianSeconds: Double
  var deleted: Int
  var inserted: Int
  var moved: Int
  var realMoves: Int
  var peakResidentMegabytes: Double
}

/// Two lists of `count` unique strings, the second 10% deleted, 10% inserted, 2% moved, all
/// scattered, made the same way every time from a fixed seed.
struct DiffInput {
  var old: [String]
  var new: [String]
  var movedCount: Int

  init(count: Int) {
    var state: UInt64 = 0x5EED_0DD1_FF00_0001
    func random(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
    old = (0..<count).map { "item \($0)" }
    let deletes = count / 10
    let inserts = count / 10
    let moves = count / 50
    // 0 kept, 1 deleted, 2 moved.
    var fate = [UInt8](repeating: 0, count: count)
    var chosen = 0
    while chosen < deletes {
      let index = random(count)
      if fate[index] == 0 {
        fate[index] = 1
        chosen += 1
      }
    }
    chosen = 0
    while chosen < moves && chosen < count - deletes {
      let index = random(count)
      if fate[index] == 0 {
        fate[index] = 2
        chosen += 1
      }
    }
    var base: [String] = []
    base.reserveCapacity(count)
    var extras: [(slot: Int, item: String)] = []
    extras.reserveCapacity(inserts + moves)
    for (index, item) in old.enumerated() where fate[index] == 0 { base.append(item) }
    for (index, item) in old.enumerated() where fate[index] == 2 {
      extras.append((random(base.count + 1), item))
    }
    for number in 0..<inserts { extras.append((random(base.count + 1), "new \(number)")) }
    extras.sort { $0.slot < $1.slot }
    new = []
    new.reserveCapacity(base.count + extras.count)
    var next = extras[...]
    for (slot, item) in base.enumerated() {
      while let extra = next.first, extra.slot == slot {
        new.append(extra.item)
        next = next.dropFirst()
      }
      new.append(item)
    }
    for extra in next { new.append(extra.item) }
    movedCount = chosen
  }
}

/// Measures one diff case on `count` items in this process.
func measureDiff(_ diffCase: DiffCase, count: Int, repetitions: Int) -> DiffResult {
  var times: [Double] = []
  var counts = (deleted: 0, inserted: 0, moved: 0)
  var realMoves = 0
  let clock = ContinuousClock()
  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
  // An untimed warm-up on a small input, so that no timed run pays for first use.
  do {
    let warmUp = DiffInput(count: 1_000)
    if diffCase == .stdlib {
      _ = warmUp.new.difference(from: warmUp.old).inferringMoves()
    } else if let old = try? TableSnapshot<Int, String>(sections: [(0, warmUp.old)]),
      let new = try? TableSnapshot<Int, String>(sections: [(0, warmUp.new)])
    {
      _ = new.difference(from: old)
    }
  }
  for _ in 0..<max(repetitions, 1) {
    switch diffCase {
    case .diff:
      let (old, new): (TableSnapshot<Int, String>, TableSnapshot<Int, String>)
      do {
        let input = DiffInput(count: count)
        realMoves = input.movedCount
        guard let built = try? TableSnapshot<Int, String>(sections: [(0, input.old)]),
          let builtNew = try? TableSnapshot<Int, String>(sections: [(0, input.new)])
        else { stop("the benchmark's items are not unique") }
        (old, new) = (built, builtNew)
      }
      var changes = TableChangeset()
      let elapsed = clock.measure { changes = new.difference(from: old) }
      times.append(seconds(elapsed))
      counts = (changes.deletedRows.count, changes.insertedRows.count, changes.movedRows.count)
    case .buildAndDiff:
      let input = DiffInput(count: count)
      realMoves = input.movedCount
      var changes = TableChangeset()
      let elapsed = clock.measure {
        guard let old = try? TableSnapshot<Int, String>(sections: [(0, input.old)]),
          let new = try? TableSnapshot<Int, String>(sections: [(0, input.new)])
        else { stop("the benchmark's items are not unique") }
        changes = new.difference(from: old)
      }
      times.append(seconds(elapsed))
      counts = (changes.deletedRows.count, changes.insertedRows.count, changes.movedRows.count)
    case .stdlib:
      let input = DiffInput(count: count)
      realMoves = input.movedCount
      var result: CollectionDifference<String>?
      let elapsed = clock.measure {
        result = input.new.difference(from: input.old).inferringMoves()
      }
      guard let difference = result else { stop("no difference was computed") }
      times.append(seconds(elapsed))
      var moved = 0
      for change in difference.removals {
        if case .remove(_, _, let associatedWith) = change, associatedWith != nil { moved += 1 }
      }
      counts = (difference.removals.count - moved, difference.insertions.count - moved, moved)
    }
  }
  let median = times.sorted()[times.count / 2]
  return DiffResult(
    name: diffCase.rawValue, items: count, times: times, medianSeconds: median,
    deleted: counts.deleted, inserted: counts.inserted, moved: counts.moved, realMoves: realMoves,
    peakResidentMegabytes: peakResidentMegabytes())
}

/// Runs every diff case for each item count, one repetition per child process, the cases
/// taking turns, and prints the table.
func runDiffBenchmark(
  counts: [Int],
  repetitions: Int,
  standardLibraryMaximum: Int,
  executable: String
) {
  print(
    "case                              items  median s   ns/item   deleted  inserted     moved  real moves  RSS MB"
  )
  for count in counts {
    var runs: [DiffCase: [DiffResult]] = [:]
    for round in 0..<max(repetitions, 1) {
      for diffCase in DiffCase.allCases {
        if diffCase == .stdlib && (count > standardLibraryMaximum || round > 0) { continue }
        let arguments = ["--diff-case", diffCase.rawValue, "--rows", String(count), "--reps", "1"]
        switch runChild(executable, arguments) {
        case .success(let line):
          guard let result = try? JSONDecoder().decode(DiffResult.self, from: Data(line.utf8))
          else {
            print("unreadable result: \(line)")
            continue
          }
          runs[diffCase, default: []].append(result)
        case .failure(let failure):
          print("failed: \(failure.message)")
        }
      }
    }
    for diffCase in DiffCase.allCases {
      guard let results = runs[diffCase], let first = results.first else {
        if diffCase == .stdlib {
          print(
            "\(diffCase.rawValue) at \(count): skipped (quadratic; --stdlib-max \(count) runs it)")
        }
        continue
      }
      let times = results.flatMap(\.times).sorted()
      let median = times[times.count / 2]
      let columns: [String] = [
        diffCase.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0),
        String(count).leftPadded(to: 9),
        String(format: "%10.4f", median),
        String(format: "%10.1f", median / Double(count) * 1e9),
        String(first.deleted).leftPadded(to: 10),
        String(first.inserted).leftPadded(to: 10),
        String(first.moved).leftPadded(to: 10),
        String(first.realMoves).leftPadded(to: 12),
        String(format: "%8.1f", results.map(\.peakResidentMegabytes).max() ?? 0),
      ]
      print(
        columns.joined() + "   times "
          + times.map { String(format: "%.4f", $0) }.joined(separator: " "))
    }
  }
}
