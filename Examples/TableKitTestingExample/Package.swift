// swift-tools-version: 6.2
import PackageDescription

// SwiftPM names a path dependency after its folder, not after the `name:` in its manifest, so
// `package:` below must be the repository's folder name: read it from where this manifest sits,
// two folders down (`<repository>/Examples/TableKitTestingExample`).
let repository =
  Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "TableKit"

/// A small app's table logic (a car catalogue and a ledger) and its tests, depending on TableKit,
/// TableKitNavigation and TableKitTesting the way any user's package does.
let package = Package(
  name: "TableKitTestingExample",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "Showroom",
      dependencies: [
        .product(name: "TableKit", package: repository),
        .product(name: "TableKitNavigation", package: repository),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "ShowroomTests",
      dependencies: [
        "Showroom",
        .product(name: "TableKit", package: repository),
        .product(name: "TableKitNavigation", package: repository),
        .product(name: "TableKitTesting", package: repository),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
