import Foundation
import TableKit
import TableKitNavigation
import TableKitTestSupport
import Testing

/// What a person sees of a stack: per level its URL, title, selection and represented objects.
struct StackPicture: Equatable {
  var urls: [String?]
  var titles: [String]
  var selections: [[TablePosition]]
  var objects: [[String]]

  init(_ stack: NavigationController, router: Router<CarRoute>) throws {
    urls = stack.urls(using: router)
    titles = stack.breadcrumbs
    selections = stack.controllers.map(\.table.selectedPositions)
    objects = try stack.controllers.map { controller in
      let rows = try controller.table.numberOfRows(inSection: 0)
      return try (0..<rows).map {
        String(
          describing: try controller.table.representedObject(at: TablePosition(section: 0, row: $0))
        )
      }
    }
  }
}

@Suite struct RestorationTests {
  let router: Router<CarRoute>
  init() throws { router = try CarRoute.makeRouter() }

  @Test func aDeepLinkBuildsTheThreeLevelStack() async throws {
    let report = await router.open("cars://brands/bmw/models/i4", resolver: CatalogueResolver())

    #expect(report.dropped == [])
    let stack = try #require(report.navigationController)
    #expect(stack.breadcrumbs == ["Brands", "BMW", "BMW i4"])
    #expect(stack.top.backTitle == "BMW")
    #expect(
      stack.urls(using: router) == [
        "cars://brands", "cars://brands/bmw/models", "cars://brands/bmw/models/i4",
      ])
    #expect(try stack.top.table.cell(at: TablePosition(section: 0, row: 1)).detailText == "i4")
    let models = stack.controllers[1].table
    #expect(
      try models.representedObject(at: TablePosition(section: 0, row: 2)) as? Model
        == Model(id: ObjectID("i4"), name: "i4"))
  }

  @Test func aDeepLinkWithIDsThatAreNotURLSafe() async throws {
    let brand = CatalogueResolver.sample[2]
    let url = try #require(router.url(for: .detail(brand: brand.id, model: brand.models[0].id)))
    #expect(!url.contains("%") && url.hasPrefix("cars://brands/~"))
    let report = await router.open(url, resolver: CatalogueResolver())
    #expect(report.navigationController?.breadcrumbs == ["Brands", "Škoda", "Škoda Octavia"])
  }

  @Test func aMissingOrForbiddenObjectKeepsTheLevelsBelowAndSaysWhy() async throws {
    let missing = await router.open("cars://brands/bmw/models/m1", resolver: CatalogueResolver())
    #expect(missing.navigationController?.breadcrumbs == ["Brands", "BMW"])
    #expect(
      missing.dropped == [
        DroppedLevel(
          index: 2, url: "cars://brands/bmw/models/m1",
          reason: .missingObject(url: "cars://brands/bmw/models/m1"))
      ])

    let forbidden = await router.open(
      "cars://brands/bmw/models/i4", resolver: CatalogueResolver(forbidden: [ObjectID("bmw")]))
    #expect(forbidden.navigationController?.breadcrumbs == ["Brands"])
    #expect(
      forbidden.dropped.map(\.reason) == [
        .forbidden(url: "cars://brands/bmw/models", reason: "brand bmw is private"),
        .parentDropped,
      ])
  }

  @Test func aBadURLOpensNothingAndNamesThePart() async throws {
    let report = await router.open("cars://brands/b%2Emw/../models", resolver: CatalogueResolver())
    #expect(report.navigationController == nil)
    guard
      case .routing(.invalidURL(_, .segment(2, ".."), .dotSegment)) = report.dropped.first?.reason
    else {
      Issue.record("unexpected \(report.dropped)")
      return
    }
  }

  @Test func restoringTheSavedStackGivesTheSameStack() async throws {
    let opened = await router.open("cars://brands/bmw/models/i4", resolver: CatalogueResolver())
    let stack = try #require(opened.navigationController)
    try stack.controllers[0].table.selectRow(at: TablePosition(section: 0, row: 1))
    try stack.controllers[1].table.selectRow(at: TablePosition(section: 0, row: 2))
    let text = router.save(stack)
    #expect(
      text
        == #"{"levels":[{"selection":[[0,1]],"url":"cars:\/\/brands"},{"selection":[[0,2]],"#
        + #""url":"cars:\/\/brands\/bmw\/models"},{"url":"cars:\/\/brands\/bmw\/models\/i4"}],"#
        + #""version":2}"#)

    let restored = await router.restore(text, resolver: CatalogueResolver())
    #expect(restored.dropped == [])
    let again = try #require(restored.navigationController)
    #expect(again !== stack)
    #expect(try StackPicture(again, router: router) == StackPicture(stack, router: router))
  }

  @Test func restoreOfSaveIsTheStackForRandomStacks() async throws {
    var random = SeededGenerator(state: 2026)
    let resolver = CatalogueResolver()
    for _ in 0..<200 {
      let brand = CatalogueResolver.sample.randomElement(using: &random)!
      let model = brand.models.randomElement(using: &random)!
      let levels: [CarRoute] = [
        .brands, .models(brand: brand.id), .detail(brand: brand.id, model: model.id),
      ]
      let depth = Int.random(in: 1...3, using: &random)
      let url = try #require(router.url(for: levels[depth - 1]))
      let stack = try #require(await router.open(url, resolver: resolver).navigationController)
      for controller in stack.controllers where Bool.random(using: &random) {
        let rows = try controller.table.numberOfRows(inSection: 0)
        try controller.table.selectRow(
          at: TablePosition(section: 0, row: Int.random(in: 0..<rows, using: &random)))
      }
      let restored = await router.restore(router.save(stack), resolver: resolver)
      #expect(restored.isComplete)
      let again = try #require(restored.navigationController)
      #expect(try StackPicture(again, router: router) == StackPicture(stack, router: router))
    }
  }

  @Test func versionOneMigratesForward() async throws {
    let text = #"{"version":1,"urls":["cars://brands","cars://brands/bmw/models"]}"#
    let report = await router.restore(text, resolver: CatalogueResolver())
    #expect(report.isComplete)
    #expect(report.navigationController?.breadcrumbs == ["Brands", "BMW"])
    let saved = try #require(report.navigationController.map { router.savedStack(of: $0) })
    #expect(saved.version == 2)
  }

  /// Hostile saved text and the dropped levels it must give.
  static let hostile: [(String, [DroppedLevel])] = [
    (
      "",
      [
        DroppedLevel(
          index: nil, url: nil,
          reason: .undecodable(reason: "it is not a JSON object with a version number."))
      ]
    ),
    (
      "[1,2]",
      [
        DroppedLevel(
          index: nil, url: nil,
          reason: .undecodable(reason: "it is not a JSON object with a version number."))
      ]
    ),
    (
      #"{"version":3,"levels":[]}"#,
      [DroppedLevel(index: nil, url: nil, reason: .newerVersion(found: 3, supported: 2))]
    ),
    (
      #"{"version":0}"#,
      [
        DroppedLevel(
          index: nil, url: nil, reason: .undecodable(reason: "version 0 was never written."))
      ]
    ),
    (
      #"{"version":1,"urls":[]}"#,
      [
        DroppedLevel(index: nil, url: nil, reason: .undecodable(reason: "it holds no levels."))
      ]
    ),
    (
      #"{"version":2}"#,
      [
        DroppedLevel(
          index: nil, url: nil,
          reason: .undecodable(reason: "version 2 holds a list of levels under \"levels\"."))
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands"},{"url":7},{"url":"cars://brands/bmw/models"}]}"#,
      [
        DroppedLevel(
          index: 1, url: nil,
          reason: .undecodable(reason: "level 1 is not a URL with a list of [section, row].")),
        DroppedLevel(index: 2, url: "cars://brands/bmw/models", reason: .parentDropped),
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands","selection":[[0]]}]}"#,
      [
        DroppedLevel(
          index: 0, url: "cars://brands",
          reason: .undecodable(reason: "level 0 is not a URL with a list of [section, row]."))
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands"},{"url":"cars://brands/bmw/models/i4"}]}"#,
      [
        DroppedLevel(
          index: 1, url: "cars://brands/bmw/models/i4",
          reason: .notAChild(url: "cars://brands/bmw/models/i4"))
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands/bmw/models"}]}"#,
      [
        DroppedLevel(
          index: 0, url: "cars://brands/bmw/models",
          reason: .notAChild(url: "cars://brands/bmw/models"))
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands"},{"url":"cars://brands/~QR/models"}]}"#,
      [
        DroppedLevel(
          index: 1, url: "cars://brands/~QR/models",
          reason: .routing(
            .invalidParameter(
              url: "cars://brands/~QR/models", segment: 1, name: "brand",
              pattern: "cars://brands/{brand:id}/models",
              problem: Base64URLError.nonZeroPadBits(offset: 1).description)))
      ]
    ),
    (
      #"{"version":2,"levels":[{"url":"cars://brands"},{"url":"cars://brands/ghost/models"}]}"#,
      [
        DroppedLevel(
          index: 1, url: "cars://brands/ghost/models",
          reason: .missingObject(url: "cars://brands/ghost/models"))
      ]
    ),
  ]

  @Test(arguments: 0..<hostile.count)
  func hostileSavedTextRestoresThePrefixAndSaysWhy(_ index: Int) async throws {
    let (text, expected) = Self.hostile[index]
    let report = await router.restore(text, resolver: CatalogueResolver())
    #expect(report.dropped == expected)
    let rebuilt = report.navigationController?.depth ?? 0
    #expect(rebuilt + expected.filter { $0.index != nil }.count <= 3)
  }

  @Test func aSelectionPastTheFreshTableDropsTheLevel() async throws {
    let text = #"{"version":2,"levels":[{"url":"cars://brands","selection":[[0,9]]}]}"#
    let report = await router.restore(text, resolver: CatalogueResolver())
    #expect(report.navigationController == nil)
    guard case .invalidSelection("cars://brands", let error) = report.dropped.first?.reason else {
      Issue.record("unexpected \(report.dropped)")
      return
    }
    #expect(error.reason == .rowPastEnd && error.row == 9)
    #expect(report.dropped.count == 1)
  }

  @Test func aHundredKilobyteIDIsRefusedNamingTheURL() async throws {
    let url = "cars://brands/~" + String(repeating: "QUJD", count: 25_000) + "/models"
    let text = #"{"version":2,"levels":[{"url":"cars://brands"},{"url":""# + url + #""}]}"#
    let report = await router.restore(text, resolver: CatalogueResolver())
    #expect(report.navigationController?.breadcrumbs == ["Brands"])
    #expect(
      report.dropped == [
        DroppedLevel(
          index: 1, url: url,
          reason: .routing(
            .invalidURL(url: url, part: .whole, problem: .tooLong(length: 100_022, limit: 32_768))))
      ])
  }

  @Test func everyTruncationAndManyMutationsOfSavedTextRestoreAPrefix() async throws {
    let resolver = CatalogueResolver()
    let stack = try #require(
      await router.open("cars://brands/bmw/models/i4", resolver: resolver).navigationController)
    try stack.controllers[0].table.selectRow(at: TablePosition(section: 0, row: 1))
    let text = Array(router.save(stack).utf8)
    let full = try StackPicture(stack, router: router)
    var outcomes = 0
    func check(_ bytes: [UInt8]) async throws {
      let report = await router.restore(String(decoding: bytes, as: UTF8.self), resolver: resolver)
      if let rebuilt = report.navigationController {
        // Whatever came back is a prefix of the saved stack, level for level.
        let picture = try StackPicture(rebuilt, router: router)
        let depth = rebuilt.depth
        #expect(picture.urls == Array(full.urls.prefix(depth)))
        #expect(picture.titles == Array(full.titles.prefix(depth)))
      }
      #expect((report.navigationController?.depth ?? 0) + report.dropped.count >= 1)
      outcomes += 1
    }
    for length in 0..<text.count { try await check(Array(text.prefix(length))) }
    var random = SeededGenerator(state: 99)
    for _ in 0..<500 {
      var mutated = text
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      try await check(mutated)
    }
    #expect(outcomes == text.count + 500)
  }
}
