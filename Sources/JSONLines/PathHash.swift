/// A quick hash of a case path's UTF-8 bytes (FNV-1a, a word at a time), for the tables that
/// find an intent by the bytes a line or a C string names it with: a few instructions per
/// eight bytes, where the standard library's `Hasher` spends about 330 on a path.
///
/// Not for keys chosen to collide at scale: the tables hold the app's few intents, and a path
/// that collides with one is only compared with it.
public enum PathHash {
  /// The hash of `bytes`.
  ///
  /// - Parameter bytes: A case path's UTF-8 bytes (`login.view.binding.email`).
  /// - Returns: Their hash.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    guard let base = bytes.baseAddress else { return hash }
    var index = 0
    while index + 8 <= bytes.count {
      hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
      index += 8
    }
    while index < bytes.count {
      hash = (hash ^ UInt64(bytes[index])) &* prime
      index += 1
    }
    // The high bits folded into the low ones, which a table's mask keeps.
    return hash ^ (hash >> 32)
  }
}
