// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// Front-end libraries export only `tictactoe_frontend_entry` (see Plugins/frontend-exports.map).
let frontEndExports: [LinkerSetting] = [
  .unsafeFlags([
    "-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/frontend-exports.map",
  ])
]

// MARK: Macros
// The macro plugin builds against the toolchain's own SwiftSyntax modules (`lib/swift/host`,
// next to its runtime) instead of the swift-syntax package, which cannot be fetched here. The
// manifest finds them next to the PackageDescription library it runs with (read from
// /proc/self/maps), then next to the `swift` on PATH; SWIFT_HOST_MODULES, when set, is the only
// place it looks. Their flags are unsafe flags, so only the `UnidirectionalFlowMacros` product
// and the modules that use it carry them: `UnidirectionalFlow` alone needs none.

/// The directories that may be the toolchain's `lib/swift/host`, most likely first.
func hostModulesCandidates() -> [String] {
  if let override = Context.environment["SWIFT_HOST_MODULES"] { return [override] }
  var candidates: [String] = []
  // .../usr/lib/swift/pm/ManifestAPI/libPackageDescription.so -> .../usr/lib/swift/host
  let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
  for line in maps.split(separator: "\n") where line.hasSuffix("/libPackageDescription.so") {
    guard let slash = line.firstIndex(of: "/") else { continue }
    let swiftLib = URL(fileURLWithPath: String(line[slash...]))
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(swiftLib.appendingPathComponent("host").path)
  }
  // .../usr/bin/swift -> .../usr/lib/swift/host
  for directory in (Context.environment["PATH"] ?? "").split(separator: ":") {
    let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
    guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
    let usr = swift.resolvingSymlinksInPath().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(usr.appendingPathComponent("lib/swift/host").path)
  }
  return candidates.reduce(into: []) { unique, path in
    if !unique.contains(path) { unique.append(path) }
  }
}

/// The toolchain's `lib/swift/host`, which holds SwiftSyntax and the plugin message handling;
/// without it, the manifest stops with one message that says what to install.
let hostModules: String = {
  let marker = "SwiftCompilerPluginMessageHandling.swiftmodule"
  let candidates = hostModulesCandidates()
  if let found = candidates.first(where: {
    FileManager.default.fileExists(atPath: "\($0)/\(marker)")
  }) {
    return found
  }
  let places = candidates.isEmpty ? "(nowhere)" : candidates.joined(separator: ", ")
  let message = """
    error: tictactoe-host: the Swift toolchain's SwiftSyntax modules (lib/swift/host/\(marker)) \
    were not found; looked in: \(places). Install a complete Swift 6.3 toolchain from \
    swift.org (its usr/lib/swift/host holds them), or set SWIFT_HOST_MODULES to that directory.

    """
  FileHandle.standardError.write(Data(message.utf8))
  exit(1)
}()

/// Lets the macro plugin (and its tests) import the toolchain's SwiftSyntax modules.
let hostModulesImport: [SwiftSetting] = [.unsafeFlags(["-I", hostModules])]

/// Links the macro plugin against those modules, and finds them when the compiler runs it.
let hostModulesLink: [LinkerSetting] = [
  .unsafeFlags(["-L", hostModules, "-Xlinker", "-rpath", "-Xlinker", hostModules])
]

let package = Package(
  name: "tictactoe-host",
  products: [
    .library(name: "UnidirectionalFlow", targets: ["UnidirectionalFlow"]),
    .library(name: "UnidirectionalFlowMacros", targets: ["UnidirectionalFlowMacros"]),
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
    // @CasePathable and @Reducer (see "Macros" at the end of this file).
    .target(
      name: "UnidirectionalFlowMacros",
      dependencies: ["UnidirectionalFlow", "UnidirectionalFlowMacrosPlugin"]),
    .macro(
      name: "UnidirectionalFlowMacrosPlugin", swiftSettings: hostModulesImport,
      linkerSettings: hostModulesLink),
    .testTarget(
      name: "UnidirectionalFlowMacrosPluginTests", dependencies: ["UnidirectionalFlowMacrosPlugin"],
      swiftSettings: hostModulesImport, linkerSettings: hostModulesLink),
    .testTarget(
      name: "UnidirectionalFlowMacrosTests",
      dependencies: ["UnidirectionalFlow", "UnidirectionalFlowMacros", "UnidirectionalFlowTesting"]),
    // The code of the DocC tutorial (UnidirectionalFlow.docc/Tutorials): its last steps are
    // this target's sources, and a test type-checks every other step against the modules.
    .testTarget(
      name: "UnidirectionalFlowTutorialTests",
      dependencies: [
        "TestSupport", "UnidirectionalFlow", "UnidirectionalFlowMacros",
        "UnidirectionalFlowTesting",
      ]),
    .target(name: "TicTacToeFrontEndABI"),
    .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
    .target(name: "DynamicCall", dependencies: ["CFFI"]),
    .testTarget(name: "DynamicCallTests", dependencies: ["DynamicCall"]),
    .target(name: "FrontEndKit", dependencies: ["JSONLines", "TicTacToeFrontEndABI"]),
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
    // The host's event loop and its streams (standard input, outputs, signals); CSignalPipe is
    // its signal handler, in C because it runs in signal context.
    .target(name: "CSignalPipe"),
    .target(name: "HostIO", dependencies: ["CSignalPipe"]),
    // The host's I/O: the pieces driven by the manual event loop (real descriptors, no real
    // time), and the built `tictactoe` on real pipes, FIFOs, files and signals.
    .testTarget(name: "HostIOTests", dependencies: ["FrontEndHost", "HostIO", "TestSupport"]),
    // The main thread's loop: runs the main queue without Foundation's RunLoop (see its header).
    .target(name: "CMainQueueLoop"),
    .target(
      name: "FrontEndHost",
      dependencies: [
        "TicTacToeAppCore", "CMainQueueLoop", "DynamicCall", "TicTacToeGameCore", "HostIO",
        "JSONLines",
        "TicTacToeLoginCore", "TicTacToeNewGameCore",
        "Persistence", "RingBuffer", "TicTacToeFrontEndABI", "TicTacToeTwoFactorCore",
        "UnidirectionalFlow", "TicTacToeAppSchema",
      ]),
    // What outlives the process: the session file (its format, and keeping it durable), and
    // the action log's format.
    .target(
      name: "Persistence",
      dependencies: [
        "TicTacToeAppCore", "TicTacToeGameCore", "JSONLines", "TicTacToeLoginCore",
        "TicTacToeNewGameCore", "UnidirectionalFlow", "TicTacToeAppSchema", "TicTacToeFrontEndABI",
      ]),
    // The formats, and `--session`, `--record` and `replay` through the built `tictactoe`.
    .testTarget(
      name: "PersistenceTests",
      dependencies: [
        "Persistence", "TestSupport", "TicTacToeAppCore", "TicTacToeAuthenticationClient",
        "UnidirectionalFlowTesting",
      ]),
    // Puts the terminal back when a front end crashes the host (C: it runs in a signal handler).
    .target(name: "TerminalCrashGuard"),
    // `tictactoe check-frontend`: the conformance suite, the host's validator, kept apart from
    // the host's runtime (it drives a FrontEndHost from outside, like any embedder).
    .target(
      name: "FrontEndConformance",
      dependencies: [
        "TicTacToeAppCore", "FrontEndHost", "TicTacToeGameCore", "TicTacToeLoginCore",
        "TicTacToeNewGameCore",
        "TicTacToeFrontEndABI", "TicTacToeTwoFactorCore", "UnidirectionalFlow",
      ]),
    .executableTarget(
      name: "tictactoe",
      dependencies: [
        "TicTacToeAppCore", "TicTacToeAuthenticationClientLive", "CMainQueueLoop",
        "FrontEndConformance", "FrontEndHost", "HostIO",
        "Persistence", "TerminalCrashGuard", "TicTacToeFrontEndABI", "UnidirectionalFlow",
      ]),
    .target(name: "JSONLines"),
    // The app's shape said once: fields and intents, from which every wire form derives.
    .target(
      name: "TicTacToeAppSchema",
      dependencies: [
        "JSONLines", "TicTacToeAppCore", "TicTacToeFrontEndABI", "TicTacToeGameCore",
        "TicTacToeLoginCore", "TicTacToeNewGameCore", "TicTacToeTwoFactorCore",
        "UnidirectionalFlow",
      ]),
    // The fixed-size history both the host and the jsonl front end keep.
    .target(name: "RingBuffer"),
    .testTarget(name: "RingBufferTests", dependencies: ["RingBuffer"]),
    .target(
      name: "JsonlFrontEnd", dependencies: ["FrontEndKit", "JSONLines", "RingBuffer"],
      path: "Plugins/JsonlFrontEnd", linkerSettings: frontEndExports),
    .testTarget(name: "JSONLinesTests", dependencies: ["JSONLines"]),
    // What several test targets share: seeded randomness, waiting off the cooperative pool,
    // the built products and running them (`Fixtures`), and driving the host over JSON-lines,
    // through its standard streams or a client of its socket (`Event`, `SocketClient`).
    .target(name: "TestSupport", dependencies: ["JSONLines"], path: "Tests/Support"),
    .testTarget(name: "JsonlFrontEndTests", dependencies: ["JSONLines", "TestSupport"]),
    // The host's socket and its clients: the listener, connections, the attach client.
    .testTarget(
      name: "RemoteTests", dependencies: ["FrontEndHost", "HostIO", "JSONLines", "TestSupport"]),
    // What the web front end decides about a request without a server: its token, Origin and
    // Host rules, its address and the intents it accepts; apart, so that tests link it.
    .target(
      name: "WebRequestRules", dependencies: ["FrontEndKit", "JSONLines", "TicTacToeFrontEndABI"]),
    .testTarget(name: "WebRequestRulesTests", dependencies: ["FrontEndKit", "WebRequestRules"]),
    // The web front end in a real headless Chromium (DevTools over --remote-debugging-pipe),
    // and its HTTP rules with a raw client.
    .testTarget(name: "WebFrontEndTests", dependencies: ["JSONLines", "TestSupport"]),
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
        "TicTacToeAppCore", "TicTacToeAuthenticationClientLive", "FrontEndHost", "HostIO",
        "MallocCounter",
        "Persistence",
        "UnidirectionalFlow", "UnidirectionalFlowMacros",
      ]),
    .testTarget(
      name: "UnidirectionalFlowTests",
      dependencies: ["TestSupport", "UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(
      name: "UnidirectionalFlowTestingTests", dependencies: ["UnidirectionalFlowTesting"]),
    .target(
      name: "TicTacToeAuthenticationClient",
      dependencies: ["UnidirectionalFlow", "UnidirectionalFlowMacros"]),
    .target(
      name: "TicTacToeAuthenticationClientLive",
      dependencies: ["TicTacToeAuthenticationClient", "UnidirectionalFlow"]),
    .target(
      name: "TicTacToeGameCore", dependencies: ["UnidirectionalFlow", "UnidirectionalFlowMacros"]),
    .target(
      name: "TicTacToeNewGameCore",
      dependencies: ["TicTacToeGameCore", "UnidirectionalFlow", "UnidirectionalFlowMacros"]),
    .target(
      name: "TicTacToeTwoFactorCore",
      dependencies: [
        "TicTacToeAuthenticationClient", "UnidirectionalFlow", "UnidirectionalFlowMacros",
      ]),
    .target(
      name: "TicTacToeLoginCore",
      dependencies: [
        "TicTacToeAuthenticationClient", "TicTacToeTwoFactorCore", "UnidirectionalFlow",
        "UnidirectionalFlowMacros",
      ]),
    .target(
      name: "TicTacToeAppCore",
      dependencies: [
        "TicTacToeLoginCore", "TicTacToeNewGameCore", "UnidirectionalFlow",
        "UnidirectionalFlowMacros",
      ]),
    .testTarget(
      name: "TicTacToeAuthenticationClientLiveTests",
      dependencies: [
        "TicTacToeAuthenticationClient", "TicTacToeAuthenticationClientLive", "UnidirectionalFlow",
        "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "TicTacToeGameCoreTests",
      dependencies: ["TicTacToeGameCore", "UnidirectionalFlow", "UnidirectionalFlowTesting"]),
    .testTarget(
      name: "TicTacToeNewGameCoreTests",
      dependencies: [
        "TicTacToeGameCore", "TicTacToeNewGameCore", "UnidirectionalFlow",
        "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "TicTacToeTwoFactorCoreTests",
      dependencies: [
        "TicTacToeAuthenticationClient", "TicTacToeTwoFactorCore", "UnidirectionalFlow",
        "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "TicTacToeLoginCoreTests",
      dependencies: [
        "TicTacToeAuthenticationClient", "TicTacToeAuthenticationClientLive", "TicTacToeLoginCore",
        "TicTacToeTwoFactorCore",
        "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "TicTacToeAppCoreTests",
      dependencies: [
        "TicTacToeAppCore", "TicTacToeAuthenticationClient", "TicTacToeGameCore",
        "TicTacToeLoginCore", "TicTacToeNewGameCore", "TicTacToeTwoFactorCore",
        "UnidirectionalFlow", "UnidirectionalFlowTesting",
      ]),
    .testTarget(
      name: "FrontEndHostTests",
      dependencies: [
        "TicTacToeAppCore", "TicTacToeAuthenticationClient", "TicTacToeAuthenticationClientLive",
        "FrontEndConformance", "FrontEndKit",
        "FrontEndHost", "HostIO", "TicTacToeGameCore", "Persistence", "TestSupport",
        "TicTacToeFrontEndABI",
        "UnidirectionalFlow",
        "UnidirectionalFlowTesting", "JSONLines", "TicTacToeAppSchema", "TicTacToeLoginCore",
        "TicTacToeNewGameCore", "TicTacToeTwoFactorCore",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Start-up
// The host's and the app's modules reach a generic type's metadata through its accessor, not
// by demangling its name: at each first use of a type such as `[UInt64: Waiter]` or
// `Set<String>`, demangling checks `Hashable` by a scan of every conformance record in the
// process, about 0.2 M instructions each (Documentation/Benchmarks.md, "Start-up, a third
// time"). Not on the `UnidirectionalFlow` products' targets, which other packages depend on
// (SwiftPM refuses a dependency's unsafe flags).
let directMetadataAccess: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]
let directMetadataTargets: Set<String> = [
  "AnsiFrontEnd", "FrontEndConformance", "FrontEndHost", "FrontEndKit", "HostIO", "JsonlFrontEnd",
  "Persistence", "TextFrontEnd", "TicTacToeAppCore", "TicTacToeAppSchema",
  "TicTacToeAuthenticationClient", "TicTacToeAuthenticationClientLive", "TicTacToeGameCore",
  "TicTacToeLoginCore", "TicTacToeNewGameCore", "TicTacToeTwoFactorCore", "tictactoe",
]
for target in package.targets where directMetadataTargets.contains(target.name) {
  target.swiftSettings = (target.swiftSettings ?? []) + directMetadataAccess
}

// The web front end (Plugins/WebFrontEnd) serves HTTP through libmicrohttpd. Without its
// header (Debian's libmicrohttpd-dev) the package leaves the web target and product out, so
// that everything else still builds, and `--frontend web` says what to install.
if FileManager.default.fileExists(atPath: "/usr/include/microhttpd.h") {
  package.products.append(
    .library(name: "tictactoe-web", type: .dynamic, targets: ["WebFrontEnd"]))
  package.targets += [
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .target(
      name: "WebFrontEnd",
      dependencies: ["CMicroHTTPD", "FrontEndKit", "JSONLines", "WebRequestRules"],
      path: "Plugins/WebFrontEnd", linkerSettings: frontEndExports),
  ]
}

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
        "TicTacToeAppCore", "TicTacToeAuthenticationClient", "FrontEndHost", "HostIO",
        "TicTacToeGameCore", "TicTacToeLoginCore", "TicTacToeNewGameCore",
        "TicTacToeFrontEndABI", "TicTacToeTwoFactorCore", "UnidirectionalFlow",
      ],
      path: "Tests/Fuzz/Harness"),
    .executableTarget(
      name: "FuzzJSONLines",
      dependencies: harness + ["FrontEndKit", "JSONLines", "JsonlFrontEnd"],
      path: "Tests/Fuzz/jsonl", exclude: ["corpus"]),
    .executableTarget(
      name: "FuzzActions", dependencies: harness + ["TicTacToeAppCore", "TicTacToeFrontEndABI"],
      path: "Tests/Fuzz/actions", exclude: ["corpus"]),
  ]
}
