// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "tictactoe-host",
  products: [
    .library(name: "UnidirectionalFlow", targets: ["UnidirectionalFlow"]),
    .library(name: "UnidirectionalFlowTesting", targets: ["UnidirectionalFlowTesting"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
    .executable(name: "tictactoe", targets: ["tictactoe"]),
    .library(name: "tictactoe-text", type: .dynamic, targets: ["TextFrontend"]),
    .library(name: "tictactoe-jsonl", type: .dynamic, targets: ["JsonlFrontend"]),
    .library(name: "tictactoe-ansi", type: .dynamic, targets: ["AnsiFrontend"]),
  ],
  targets: [
    .target(name: "UnidirectionalFlow"),
    .target(name: "TicTacToeFrontendABI"),
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    .target(name: "DynamicCall", dependencies: ["CFFI"]),
    .testTarget(name: "DynamicCallTests", dependencies: ["DynamicCall"]),
    .target(name: "FrontendKit", dependencies: ["TicTacToeFrontendABI"]),
    .target(name: "TextFrontend", dependencies: ["FrontendKit"], path: "Plugins/TextFrontend"),
    .target(name: "TerminalUI"),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .target(
      name: "AnsiFrontend", dependencies: ["FrontendKit", "TerminalUI"],
      path: "Plugins/AnsiFrontend"),
    // Drives the real `tictactoe` (built by `swift test`) in tmux; no module dependency.
    .testTarget(name: "AnsiFrontendTests"),
    .target(
      name: "FrontendHost",
      dependencies: [
        "AppCore", "DynamicCall", "TicTacToeFrontendABI", "UnidirectionalFlow",
      ]),
    .executableTarget(
      name: "tictactoe",
      dependencies: [
        "AppCore", "AuthenticationClientLive", "FrontendHost", "TicTacToeFrontendABI",
        "UnidirectionalFlow",
      ]),
    .target(name: "JSONLines"),
    .target(
      name: "JsonlFrontend", dependencies: ["FrontendKit", "JSONLines"],
      path: "Plugins/JsonlFrontend"),
    .testTarget(name: "JSONLinesTests", dependencies: ["JSONLines"]),
    .testTarget(name: "JsonlFrontendTests", dependencies: ["JSONLines"]),
    .target(name: "UnidirectionalFlowTesting", dependencies: ["UnidirectionalFlow"]),
    .target(name: "MallocCounter"),
    .executableTarget(name: "Benchmarks", dependencies: ["MallocCounter", "UnidirectionalFlow"]),
    .testTarget(
      name: "UnidirectionalFlowTests",
      dependencies: ["UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(
      name: "UnidirectionalFlowTestingTests", dependencies: ["UnidirectionalFlowTesting"]),
    .target(name: "AuthenticationClient", dependencies: ["UnidirectionalFlow"]),
    .target(
      name: "AuthenticationClientLive",
      dependencies: ["AuthenticationClient", "UnidirectionalFlow"]),
    .target(name: "GameCore", dependencies: ["UnidirectionalFlow"]),
    .target(name: "NewGameCore", dependencies: ["GameCore", "UnidirectionalFlow"]),
    .target(name: "TwoFactorCore", dependencies: ["AuthenticationClient", "UnidirectionalFlow"]),
    .target(
      name: "LoginCore",
      dependencies: ["AuthenticationClient", "TwoFactorCore", "UnidirectionalFlow"]),
    .target(name: "AppCore", dependencies: ["LoginCore", "NewGameCore", "UnidirectionalFlow"]),
    .testTarget(
      name: "AuthenticationClientLiveTests",
      dependencies: [
        "AuthenticationClient", "AuthenticationClientLive", "UnidirectionalFlow",
        "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "GameCoreTests",
      dependencies: ["GameCore", "UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(
      name: "NewGameCoreTests",
      dependencies: ["GameCore", "NewGameCore", "UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(
      name: "TwoFactorCoreTests",
      dependencies: [
        "AuthenticationClient", "TwoFactorCore", "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "LoginCoreTests",
      dependencies: [
        "AuthenticationClient", "AuthenticationClientLive", "LoginCore", "TwoFactorCore",
        "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "AppCore", "AuthenticationClient", "GameCore", "LoginCore", "NewGameCore", "TwoFactorCore",
        "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "FrontendHostTests",
      dependencies: [
        "AppCore", "AuthenticationClient", "AuthenticationClientLive", "FrontendHost",
        "GameCore", "TicTacToeFrontendABI", "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
