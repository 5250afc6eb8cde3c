/// CRC-32 (IEEE 802.3, the checksum of zlib, gzip and PNG), which guards each record of a
/// session log: a record torn by a crash, or damaged later, fails it.
enum CRC32 {
  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// The checksum of each byte value, for the reflected polynomial 0xEDB88320.
  private static let table: [UInt32] = (0..<256).map { value in
    var crc = UInt32(value)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
  }
}
