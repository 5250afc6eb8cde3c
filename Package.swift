// swift-tools-version: 6.1
import PackageDescription

/// Front-end libraries export only `tictactoe_frontend_entry` (see Plugins/frontend-exports.map).
let frontEndExports: [LinkerSetting] = [
  .unsafeFlags([
    "-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/frontend-exports.map",
  ])
]

let package = Package(
  name: "tictactoe-host",
  products: [
    .library(name: "UnidirectionalFlow", targets: ["UnidirectionalFlow"]),
    .library(name: "UnidirectionalFlowTesting", targets: ["UnidirectionalFlowTesting"]),
    .executable(name: "benchmarks", targets: ["Benchmarks"]),
    .executable(name: "tictactoe", targets: ["tictactoe"]),
    .library(name: "tictactoe-text", type: .dynamic, targets: ["TextFrontEnd"]),
    .library(name: "tictactoe-jsonl", type: .dynamic, targets: ["JsonlFrontEnd"]),
    .library(name: "tictactoe-ansi", type: .dynamic, targets: ["AnsiFrontEnd"]),
    .library(name: "tictactoe-example", type: .dynamic, targets: ["ExampleCFrontEnd"]),
  ],
  targets: [
    .target(name: "UnidirectionalFlow"),
    .target(name: "TicTacToeFrontEndABI"),
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    .target(name: "DynamicCall", dependencies: ["CFFI"]),
    .testTarget(name: "DynamicCallTests", dependencies: ["DynamicCall"]),
    .target(name: "FrontEndKit", dependencies: ["TicTacToeFrontEndABI"]),
    .target(
      name: "TextFrontEnd", dependencies: ["FrontEndKit"], path: "Plugins/TextFrontEnd",
      linkerSettings: frontEndExports),
    .target(name: "TerminalUI"),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "UnidirectionalFlowTesting"]),
    .target(
      name: "AnsiFrontEnd", dependencies: ["FrontEndKit", "TerminalUI"],
      path: "Plugins/AnsiFrontEnd", linkerSettings: frontEndExports),
    // Drives the real `tictactoe` (built by `swift test`) in tmux or through pipes; no
    // dependency on the host's modules.
    .testTarget(name: "AnsiFrontEndTests", dependencies: ["TestSupport"]),
    // The host's event loop and every descriptor it reads or writes; CSignalPipe is its
    // signal handler, in C because it runs in signal context.
    .target(name: "CSignalPipe"),
    .target(name: "HostIO", dependencies: ["CSignalPipe"]),
    .target(
      name: "FrontEndHost",
      dependencies: [
        "AppCore", "DynamicCall", "GameCore", "HostIO", "LoginCore", "NewGameCore", "Persistence",
        "TicTacToeFrontEndABI", "TwoFactorCore", "UnidirectionalFlow",
      ]),
    // What outlives the process: the session file's format, and the action log's.
    .target(
      name: "Persistence",
      dependencies: [
        "AppCore", "GameCore", "JSONLines", "LoginCore", "NewGameCore", "UnidirectionalFlow",
      ]),
    .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "AppCore"]),
    // Puts the terminal back when a front end crashes the host (C: it runs in a signal handler).
    .target(name: "TerminalCrashGuard"),
    // `tictactoe check-frontend`: the conformance suite, the host's validator, kept apart from
    // the host's runtime (it drives a FrontEndHost from outside, like any embedder).
    .target(
      name: "FrontEndConformance",
      dependencies: [
        "AppCore", "FrontEndHost", "GameCore", "LoginCore", "NewGameCore",
        "TicTacToeFrontEndABI", "TwoFactorCore", "UnidirectionalFlow",
      ]),
    .executableTarget(
      name: "tictactoe",
      dependencies: [
        "AppCore", "AuthenticationClientLive", "FrontEndConformance", "FrontEndHost", "HostIO",
        "Persistence", "TerminalCrashGuard", "TicTacToeFrontEndABI", "UnidirectionalFlow",
      ]),
    .target(name: "JSONLines"),
    .target(
      name: "JsonlFrontEnd", dependencies: ["FrontEndKit", "JSONLines"],
      path: "Plugins/JsonlFrontEnd", linkerSettings: frontEndExports),
    .testTarget(name: "JSONLinesTests", dependencies: ["JSONLines"]),
    // What several test targets share: seeded randomness, waiting off the cooperative pool.
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(name: "JsonlFrontEndTests", dependencies: ["JSONLines", "TestSupport"]),
    // The example front end in C (Examples/CFrontEnd/mine.c), built as `tictactoe-example`;
    // its Makefile builds the same file against the installed header alone.
    .target(
      name: "ExampleCFrontEnd", dependencies: ["TicTacToeFrontEndABI"], path: "Examples/CFrontEnd",
      sources: ["mine.c"], publicHeadersPath: ".",
      cSettings: [.define("FRONTEND_NAME", to: "\"example\"")],
      linkerSettings: frontEndExports),
    .testTarget(name: "InstallTests"),
    .target(name: "UnidirectionalFlowTesting", dependencies: ["UnidirectionalFlow"]),
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "AppCore", "AuthenticationClientLive", "FrontEndHost", "MallocCounter",
        "UnidirectionalFlow",
      ]),
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
      name: "FrontEndHostTests",
      dependencies: [
        "AppCore", "AuthenticationClient", "AuthenticationClientLive", "FrontEndConformance",
        "FrontEndHost", "GameCore", "Persistence", "TestSupport", "TicTacToeFrontEndABI",
        "UnidirectionalFlow",
        "UnidirectionalFlowTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Fuzz targets (Tests/Fuzz; run them with Scripts/fuzz.sh TARGET SECONDS). They link
// libFuzzer, so they exist only in a build made with TICTACTOE_FUZZ=1 and
// `-Xswiftc -sanitize=fuzzer,address`; plain `swift build` and `swift test` never see them.
if Context.environment["TICTACTOE_FUZZ"] == "1" {
  // The front ends' version script, linked into an executable, would hide AddressSanitizer's
  // allocator from the Swift runtime.
  for target in package.targets where target.name == "JsonlFrontEnd" { target.linkerSettings = [] }
  let harness: [Target.Dependency] = ["FuzzHarness", "FuzzSupport", "FrontEndHost"]
  package.targets += [
    .target(name: "FuzzSupport", path: "Tests/Fuzz/Support"),
    .target(
      name: "FuzzHarness",
      dependencies: [
        "AppCore", "AuthenticationClient", "FrontEndHost", "GameCore", "LoginCore", "NewGameCore",
        "TicTacToeFrontEndABI", "TwoFactorCore", "UnidirectionalFlow",
      ],
      path: "Tests/Fuzz/Harness"),
    .executableTarget(
      name: "FuzzJSONLines",
      dependencies: harness + ["FrontEndKit", "JSONLines", "JsonlFrontEnd"],
      path: "Tests/Fuzz/jsonl", exclude: ["corpus"]),
    .executableTarget(
      name: "FuzzActions", dependencies: harness + ["AppCore", "TicTacToeFrontEndABI"],
      path: "Tests/Fuzz/actions", exclude: ["corpus"]),
  ]
}
