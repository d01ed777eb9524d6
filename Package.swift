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
    .library(name: "TableRender", targets: ["TableRender"]),
    .library(name: "TableKitNetworking", targets: ["TableKitNetworking"]),
    .library(name: "TableKitTesting", targets: ["TableKitTesting"]),
    .executable(name: "tablekit", targets: ["tablekit"]),
    .executable(name: "tablekit-bench", targets: ["tablekit-bench"]),
  ],
  targets: [
    .target(name: "TableKit", swiftSettings: strictSettings),
    .target(name: "TableRender", dependencies: ["TableKit"], swiftSettings: strictSettings),
    // URLSession-backed page loaders, apart from TableKit so that only apps that fetch over HTTP
    // link FoundationNetworking (and libcurl on Linux).
    .target(
      name: "TableKitNetworking",
      dependencies: ["TableKit"],
      swiftSettings: strictSettings
    ),
    // One-line test assertions over TableKit (rendering, changes, navigation, whole-app walks);
    // it links Testing and XCTest and reports to whichever one runs the test.
    .target(name: "TableKitTesting", dependencies: ["TableKit"], swiftSettings: strictSettings),
    // Reads CSV, TSV, JSON arrays and JSON Lines into tables for the `tablekit` command:
    // parsers, the reading threads, and the streaming data source. Internal to the package.
    .target(
      name: "TableKitRecords",
      dependencies: ["TableKit", "TableRender"],
      swiftSettings: strictSettings
    ),
    // The command-line layer both executables share: argument scanner, usage errors, exit statuses.
    .target(name: "TableKitArguments", swiftSettings: strictSettings),
    .executableTarget(
      name: "tablekit",
      dependencies: ["TableKit", "TableRender", "TableKitRecords", "TableKitArguments"],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "tablekit-bench",
      dependencies: ["TableKit", "TableRender", "TableKitTesting", "TableKitArguments"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitTests", dependencies: ["TableKit", "TableKitTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitRecordsTests",
      dependencies: ["TableKit", "TableRender", "TableKitRecords"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitArgumentsTests",
      dependencies: [
        "TableKit", "TableRender", "TableKitRecords", "TableKitArguments", "tablekit",
        "tablekit-bench",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitNetworkingTests",
      dependencies: ["TableKit", "TableKitNetworking"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableKitTestingTests",
      dependencies: ["TableKit", "TableKitTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TableRenderTests",
      dependencies: ["TableKit", "TableRender"],
      exclude: ["Fixtures", "__Snapshots__"],
      swiftSettings: strictSettings
    ),
  ]
)
