import Foundation
import TestSupport
import Testing

/// The host loads no Foundation at start: every module linked into `tictactoe` imports
/// `FoundationEssentials` at most, which keeps `libFoundation`, its internationalization
/// library and the 40 MB ICU out of start-up (Benchmarks.md, "Start-up without Foundation").
@Suite struct StartUpLibrariesTests {
  @Test func theHostNeedsNeitherFoundationNorICU() throws {
    let needed = try neededLibraries(of: productsDirectory.appendingPathComponent("tictactoe"))
    #expect(needed.contains("libswiftCore.so"), "the dynamic section was read: \(needed)")
    let foundation = needed.filter {
      $0 == "libFoundation.so" || $0.hasPrefix("libFoundationInternationalization")
        || $0.contains("ICU")
    }
    #expect(
      foundation.isEmpty,
      """
      tictactoe links \(foundation): a module it links imports Foundation (import \
      FoundationEssentials instead), or an incremental build kept objects compiled when one \
      did (rebuild that module)
      """)
  }

  /// The `DT_NEEDED` entries of the ELF file at `url`, as `readelf -d` lists them.
  private func neededLibraries(of url: URL) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["readelf", "-d", url.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
      guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
        return nil
      }
      return String(line[line.index(after: open)..<close])
    }
  }
}
