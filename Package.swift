// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 mode plus the upcoming features that make
/// existentials, imports and their visibility explicit.
let strictSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "TableKit",
  // The oldest releases whose standard library has everything used here: Swift 6.0's
  // `String(validating:as:)` (the tests' UTF-8 oracle) and `ContinuousClock` (the benchmark).
  // Linux ignores this; CI has no Apple machine, so no Apple build has checked it yet.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "TableKit", targets: ["TableKit"]),
    .library(name: "TableKitNavigation", targets: ["TableKitNavigation"]),
    .library(name: "TableKitModels", targets: ["TableKitModels"]),
    .library(name: "TableKitFiles", targets: ["TableKitFiles"]),
    .library(name: "TableKitReports", targets: ["TableKitReports"]),
    .library(name: "TableRender", targets: ["TableRender"]),
    .library(name: "TableKitNetworking", targets: ["TableKitNetworking"]),
    .library(name: "TableKitTesting", targets: ["TableKitTesting"]),
    .library(name: "TableKitDatabase", targets: ["TableKitDatabase"]),
    .library(name: "TableKitDatabaseSite", targets: ["TableKitDatabaseSite"]),
    .executable(name: "tablekit", targets: ["tablekit"]),
    .executable(name: "tablekit-bench", targets: ["tablekit-bench"]),
  ],
  targets: [
    // The headless table: cells, data sources, representations, the table and its controller,
    // changes and composition. Imports nothing of the package.
    .target(name: "TableKit", swiftSettings: strictSettings),
    // Stacks of controllers, drill-down, the walker, URL routes and restoration.
    .target(
      name: "TableKitNavigation", dependencies: ["TableKit"], swiftSettings: strictSettings),
    // Models that load: load states, listeners, paging, cache policy and the on-disk page cache.
    .target(
      name: "TableKitModels", dependencies: ["TableKit", "TableKitFiles"],
      swiftSettings: strictSettings),
    // Files replaced whole or not at all, folders swapped in one step, and the system calls under
    // them; apart so a table never links the file system layer it does not use.
    .target(name: "TableKitFiles", swiftSettings: strictSettings),
    // Reports over a table: column formats in CLDR locales, titles, spanners, row groups,
    // summary rows computed exactly, footnotes and source notes. Headless; TableRender draws it.
    .target(name: "TableKitReports", dependencies: ["TableKit"], swiftSettings: strictSettings),
    .target(
      name: "TableRender",
      dependencies: ["TableKit", "TableKitNavigation", "TableKitFiles", "TableKitReports"],
      swiftSettings: strictSettings),
    // URLSession-backed page loaders, apart from TableKit so that only apps that fetch over HTTP
    // link FoundationNetworking (and libcurl on Linux).
    .target(
      name: "TableKitNetworking",
      dependencies: ["TableKit", "TableKitModels"],
      swiftSettings: strictSettings
    ),
    // One-line test assertions over TableKit (rendering, changes, navigation, whole-app walks);
    // it links Testing and XCTest and reports to whichever one runs the test.
    .target(
      name: "TableKitTesting", dependencies: ["TableKit", "TableKitNavigation", "TableKitFiles"],
      swiftSettings: strictSettings),
    // Reads CSV, TSV, JSON arrays and JSON Lines into tables for the `tablekit` command:
    // parsers, the reading threads, and the streaming data source. Internal to the package.
    .target(
      name: "TableKitRecords",
      dependencies: ["TableKit", "TableKitReports", "TableRender", "TableKitFiles"],
      swiftSettings: strictSettings
    ),
    // The sample domains `tablekit` shows with no input (the ledger, the car catalogue and its
    // routes, the nested list, the paged feed, the exported site): apart from the command line,
    // internal to the package and not a product.
    .target(
      name: "TableKitSamples",
      dependencies: ["TableKit", "TableKitNavigation", "TableKitModels", "TableRender"],
      swiftSettings: strictSettings
    ),
    // SQLite databases read as untrusted input: the system library bound at run time (no
    // header, no dependency), values as SQLite holds them, schemas, keyset pages.
    .target(name: "TableKitDatabase", dependencies: ["TableKit"], swiftSettings: strictSettings),
    // A database published as a static site: tables, rows, foreign keys both ways and facets as
    // linked pages with CSV and JSON twins, every address printed by a route.
    .target(
      name: "TableKitDatabaseSite",
      dependencies: [
        "TableKit", "TableKitDatabase", "TableRender", "TableKitNavigation", "TableKitFiles",
      ],
      swiftSettings: strictSettings),
    // The command-line layer both executables share: argument scanner, usage errors, exit statuses.
    .target(name: "TableKitArguments", swiftSettings: strictSettings),
    .executableTarget(
      name: "tablekit",
      dependencies: [
        "TableKit", "TableKitNavigation", "TableKitModels", "TableKitFiles", "TableKitReports",
        "TableRender", "TableKitRecords", "TableKitArguments", "TableKitSamples",
        "TableKitDatabase", "TableKitDatabaseSite",
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "tablekit-bench",
      dependencies: [
        "TableKit", "TableKitNavigation", "TableKitFiles", "TableKitReports", "TableRender",
        "TableKitTesting", "TableKitArguments", "TableKitDatabase", "TableKitDatabaseSite",
      ],
      swiftSettings: strictSettings
    ),
    // Oracles and fixtures that more than one test target uses (a model of UIKit's batch rules).
    .target(
      name: "TableKitTestSupport", dependencies: ["TableKit"], path: "Tests/TableKitTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitTests", dependencies: ["TableKit", "TableKitTesting", "TableKitTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitNavigationTests",
      dependencies: [
        "TableKit", "TableKitNavigation", "TableKitTesting", "TableKitTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitModelsTests",
      dependencies: [
        "TableKit", "TableKitModels", "TableKitFiles", "TableKitTesting", "TableKitTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitReportsTests",
      dependencies: ["TableKit", "TableKitReports", "TableKitTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitFilesTests", dependencies: ["TableKitFiles"], swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitRecordsTests",
      dependencies: [
        "TableKit", "TableKitFiles", "TableKitReports", "TableRender", "TableKitRecords",
        "TableKitTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitArgumentsTests",
      dependencies: [
        "TableKit", "TableKitNavigation", "TableKitFiles", "TableKitReports", "TableRender",
        "TableKitRecords", "TableKitArguments", "TableKitSamples", "tablekit", "tablekit-bench",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitDatabaseTests",
      dependencies: ["TableKit", "TableKitDatabase", "TableKitTestSupport", "TableRender"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitDatabaseSiteTests",
      dependencies: [
        "TableKit", "TableKitDatabase", "TableKitDatabaseSite", "TableKitNavigation", "TableRender",
        "TableKitTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitNetworkingTests",
      dependencies: ["TableKit", "TableKitModels", "TableKitNetworking"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitTestingTests",
      dependencies: ["TableKitFiles", "TableKit", "TableKitNavigation", "TableKitTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableRenderTests",
      dependencies: [
        "TableKitTestSupport",
        "TableKit", "TableKitNavigation", "TableKitModels", "TableKitFiles", "TableKitReports",
        "TableRender",
      ],
      exclude: ["Fixtures", "__Snapshots__"],
      swiftSettings: strictSettings
    ),
  ]
)
