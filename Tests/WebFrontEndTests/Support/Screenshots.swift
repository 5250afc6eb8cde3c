import Foundation
import TestSupport
import Testing

/// Where the browser tests put their screenshots, for people to look at: `.build/web-screenshots`
/// of this package, one PNG per screen, named after it.
enum Screenshots {
  /// `.build/web-screenshots`, beside the build's products.
  static let directory: URL = {
    // productsDirectory is .build/<triple>/<configuration>.
    productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("web-screenshots")
  }()

  /// Writes `png` as `<name>.png`, after checking it is a PNG of `width` x `height` pixels.
  static func save(
    _ png: [UInt8], as name: String, width: Int, height: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(
      png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(name) is not a PNG",
      sourceLocation: sourceLocation)
    #expect(
      size(of: png).map { [$0.width, $0.height] } == [width, height],
      "\(name) is not \(width)x\(height)", sourceLocation: sourceLocation)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(png).write(to: directory.appendingPathComponent("\(name).png"))
  }

  /// The width and height in a PNG's header (its first chunk, IHDR).
  static func size(of png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count >= 24, Array(png[12..<16]) == Array("IHDR".utf8) else { return nil }
    let number = { (offset: Int) in
      png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (number(16), number(20))
  }
}
