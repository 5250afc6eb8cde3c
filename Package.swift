// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "tictactoe-host",
  products: [
    .library(name: "UnidirectionalFlow", targets: ["UnidirectionalFlow"]),
    .library(name: "UnidirectionalFlowTesting", targets: ["UnidirectionalFlowTesting"]),
  ],
  targets: [
    .target(name: "UnidirectionalFlow"),
    .target(name: "UnidirectionalFlowTesting", dependencies: ["UnidirectionalFlow"]),
    .testTarget(name: "UnidirectionalFlowTests", dependencies: ["UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(name: "UnidirectionalFlowTestingTests", dependencies: ["UnidirectionalFlowTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
