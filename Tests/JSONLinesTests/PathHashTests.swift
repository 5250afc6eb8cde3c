import JSONLines
import Testing

/// `PathHash` tells apart what the intent tables must: the same bytes hash alike, and a path
/// that differs from another in one byte, wherever it lies, or in its length, hashes apart.
@Suite struct PathHashTests {
  func hash(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { PathHash.of(UnsafeRawBufferPointer($0)) }
  }

  @Test func sameBytesHashAlike() {
    #expect(hash("login.view.binding.email") == hash("login.view." + "binding.email"))
  }

  @Test(arguments: ["login.view.binding.email", "newGame.game.cellTapped", "a", ""])
  func oneByteOrTheLengthChangedHashesApart(_ path: String) {
    let bytes = Array(path.utf8)
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 0x01
      #expect(hash(String(decoding: changed, as: UTF8.self)) != hash(path), "byte \(index)")
    }
    #expect(hash(path + "x") != hash(path))
    #expect(hash(path + "\u{0}") != hash(path))
  }
}
