// swift-tools-version: 6.1
import PackageDescription

// The example front end in Swift, built against the installed header alone:
//
//   PKG_CONFIG_PATH=PREFIX/lib/pkgconfig swift build
//   tictactoe --frontend .build/debug/libmine-swift.so
let package = Package(
  name: "mine-swift",
  products: [
    .library(name: "mine-swift", type: .dynamic, targets: ["Mine"])
  ],
  targets: [
    // The installed C header, found with pkg-config; the front end imports nothing else.
    .systemLibrary(name: "CTicTacToe", pkgConfig: "tictactoe-frontend"),
    .target(
      name: "Mine", dependencies: ["CTicTacToe"],
      // Export tictactoe_frontend_entry and nothing else.
      linkerSettings: [
        .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map"])
      ]),
  ],
  swiftLanguageModes: [.v6]
)
