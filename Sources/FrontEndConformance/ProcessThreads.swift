import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The threads of this process, as Linux lists them in `/proc/self/task`: what
/// `check-frontend` compares to find the threads a front end started and left running.
enum ProcessThreads {
  /// The ids of the threads running now.
  static func ids() -> Set<Int32> {
    guard let directory = opendir("/proc/self/task") else { return [] }
    defer { closedir(directory) }
    var ids: Set<Int32> = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let id = Int32(name) { ids.insert(id) }
    }
    return ids
  }

  /// The name of thread `id` (`comm`: "MHD-single"), or its id when it has none to read.
  static func name(_ id: Int32) -> String {
    comm("/proc/self/task/\(id)/comm") ?? "\(id)"
  }

  /// The process's name, which a thread keeps until it is given one of its own
  /// (`pthread_setname_np`).
  static let processName = comm("/proc/self/comm") ?? ""

  private static func comm(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }
}
