// swift-tools-version: 6.1
import PackageDescription

// A package of a user of this library, with modules named as every TicTacToe-like app names
// them (`AppCore`, `GameCore`), depending on this repository by path. The tests build it and run
// its tests (Tests/InstallTests), so a module name of this repository that would clash with
// them fails the run.
let package = Package(
  name: "user-package",
  dependencies: [.package(name: "tictactoe-host", path: "../..")],
  targets: [
    .target(
      name: "GameCore",
      dependencies: [
        .product(name: "UnidirectionalFlow", package: "tictactoe-host"),
        .product(name: "UnidirectionalFlowMacros", package: "tictactoe-host"),
      ]),
    .target(
      name: "AppCore",
      dependencies: [
        "GameCore",
        .product(name: "UnidirectionalFlow", package: "tictactoe-host"),
        .product(name: "UnidirectionalFlowMacros", package: "tictactoe-host"),
      ]),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "AppCore", "GameCore",
        .product(name: "UnidirectionalFlowTesting", package: "tictactoe-host"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
