import FoundationEssentials
import HostIO
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Opens front-end libraries with `dlopen(RTLD_NOW | RTLD_LOCAL)` and validates what they
/// export before the host calls anything in them.
///
/// This is the only place in the project that knows about `dlopen`.
public enum FrontEndLoader {
  /// The libraries loaded so far, by canonical path: a list, not a dictionary, as a host loads
  /// a handful (a dictionary's first use costs a scan of every protocol conformance in the
  /// process, a fiftieth of the host's start-up).
  private static let cache = Lock<[LoadedFrontEnd]>([])

  /// The smallest descriptor the host accepts: ABI 1.0's, up to and including `on_settled`.
  static let minimumDescriptorSize =
    MemoryLayout<ttt_frontend_descriptor>.offset(of: \.on_settled)!
    + MemoryLayout<UnsafeRawPointer>.size

  /// Loads the library at the absolute `path`, made canonical (symbolic links resolved), and
  /// validates its descriptor. A relative path is refused, and so is a file that `policy` finds
  /// unsafe (checked at every load, even of a library already open).
  public static func load(
    path: String, policy: FrontEndLoadPolicy = .strict
  ) throws(FrontEndLoadError) -> LoadedFrontEnd {
    guard path.hasPrefix("/") else {
      throw FrontEndLoadError(
        file: path, reason: "it is a relative path; the loader opens absolute paths only")
    }
    let absolute = canonicalPath(path)
    if let reason = policy.refusal(of: absolute) {
      let given = absolute == path ? "" : " (the canonical path of \(path))"
      throw FrontEndLoadError(file: absolute, reason: "unsafe\(given): \(reason)")
    }
    if let loaded = cache.read({ loaded in loaded.first { $0.path == absolute } }) { return loaded }
    func failure(_ reason: String) -> FrontEndLoadError {
      FrontEndLoadError(file: absolute, reason: reason)
    }
    let descriptor = try open(absolute)
    let loaded = try validate(descriptor, failure: failure)
    let path = absolute
    let result = LoadedFrontEnd(
      path: path, descriptor: descriptor, name: loaded.name, summary: loaded.summary,
      version: loaded.version, abiVersion: loaded.abiVersion, flags: descriptor.pointee.flags)
    return cache.withLock { cache in
      // Another thread may have loaded it meanwhile: the first one kept is the one.
      if let kept = cache.first(where: { $0.path == absolute }) { return kept }
      cache.append(result)
      return result
    }
  }

  /// `path` made absolute and canonical (symbolic links resolved): the key of the cache.
  package static func canonicalPath(_ path: String) -> String {
    realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// What `realpath(3)` makes of `path` (absolute, no `.` or `..`, no link), or `nil` if it
  /// does not exist. For a path that exists, this is what `URL` resolves too, without making
  /// the first `URL` of the process (half a million instructions before the first screen).
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Opens the library at the canonical path `absolute` and returns what its entry symbol
  /// returned, not validated yet.
  package static func open(_ absolute: String) throws(FrontEndLoadError)
    -> UnsafePointer<ttt_frontend_descriptor>
  {
    func failure(_ reason: String) -> FrontEndLoadError {
      FrontEndLoadError(file: absolute, reason: reason)
    }
    // `stat`, not `FileManager`, whose first use costs more than the rest of this.
    var status = stat()
    guard stat(absolute, &status) == 0 else { throw failure("no such file") }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw failure("is a directory, not a shared library")
    }
    // dlopen would block on a FIFO until a writer came, and read a device for ever.
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw failure("is not a regular file (a FIFO, a socket or a device), not a shared library")
    }
    guard let handle = dlopen(absolute, RTLD_NOW | RTLD_LOCAL) else {
      let message = dlerror().map { String(cString: $0) } ?? "unknown error"
      throw failure("not a loadable shared library (\(message))")
    }
    guard let symbol = dlsym(handle, TTT_FRONTEND_ENTRY_SYMBOL) else {
      throw failure("it does not export the entry symbol '\(TTT_FRONTEND_ENTRY_SYMBOL)'")
    }
    let entry = unsafeBitCast(symbol, to: ttt_frontend_entry_fn.self)
    guard let descriptor = entry() else { throw failure("its entry symbol returned NULL") }
    return descriptor
  }

  private static func validate(
    _ descriptor: UnsafePointer<ttt_frontend_descriptor>,
    failure: (String) -> FrontEndLoadError
  ) throws(FrontEndLoadError) -> (
    name: String, summary: String, version: String, abiVersion: String
  ) {
    // Read the version fields first: they are at the same place in every ABI version.
    try validateVersion(descriptor, failure: failure)
    return try validateFields(descriptor, failure: failure)
  }

  /// Refuses a descriptor built for another major ABI version or a newer minor one.
  package static func validateVersion(
    _ descriptor: UnsafePointer<ttt_frontend_descriptor>,
    failure: (String) -> FrontEndLoadError
  ) throws(FrontEndLoadError) {
    let major = descriptor.pointee.abi_major
    let minor = descriptor.pointee.abi_minor
    let ours = "\(TTT_ABI_VERSION_MAJOR).\(TTT_ABI_VERSION_MINOR)"
    guard ttt_abi_is_compatible(major, minor) else {
      let why =
        major != TTT_ABI_VERSION_MAJOR
        ? "a different major version" : "a newer minor version than this host knows"
      throw failure(
        "it was built for front-end ABI \(major).\(minor), \(why); this host "
          + "implements ABI \(ours)")
    }
  }

  /// Refuses a descriptor that is too small or lacks a name, a description, a version or a
  /// required callback. Call it only for a descriptor of a compatible ABI version.
  package static func validateFields(
    _ descriptor: UnsafePointer<ttt_frontend_descriptor>,
    failure: (String) -> FrontEndLoadError
  ) throws(FrontEndLoadError) -> (
    name: String, summary: String, version: String, abiVersion: String
  ) {
    let major = descriptor.pointee.abi_major
    let minor = descriptor.pointee.abi_minor
    guard descriptor.pointee.struct_size >= minimumDescriptorSize else {
      throw failure(
        "its descriptor is \(descriptor.pointee.struct_size) bytes, smaller than the "
          + "\(minimumDescriptorSize) bytes of ABI \(major).\(minor)")
    }
    guard let name = validString(descriptor.pointee.name, maximumLength: 64), !name.isEmpty,
      name.unicodeScalars.allSatisfy({ $0.isASCII && isNameCharacter(UInt8($0.value)) })
    else {
      throw failure(
        "its descriptor has no valid name (1 to 64 of a-z, A-Z, 0-9, '-' and '_')")
    }
    guard let summary = validString(descriptor.pointee.description, maximumLength: 1024) else {
      throw failure("its descriptor has a NULL or invalid description")
    }
    guard let version = validString(descriptor.pointee.version, maximumLength: 64) else {
      throw failure("its descriptor has a NULL or invalid version")
    }
    guard descriptor.pointee.attach != nil else {
      throw failure("its descriptor has a NULL attach callback")
    }
    guard descriptor.pointee.detach != nil else {
      throw failure("its descriptor has a NULL detach callback")
    }
    let readsInput = descriptor.pointee.flags & UInt32(TTT_FRONTEND_READS_INPUT) != 0
    let consumeInputEnd =
      MemoryLayout<ttt_frontend_descriptor>.offset(of: \.consume_input)!
      + MemoryLayout<UnsafeRawPointer>.size
    let hasConsumeInput =
      minor >= 2 && Int(descriptor.pointee.struct_size) >= consumeInputEnd
      && descriptor.pointee.consume_input != nil
    guard !readsInput || descriptor.pointee.on_input != nil || hasConsumeInput else {
      throw failure(
        "it declares that it reads input but both its on_input and consume_input callbacks are "
          + "NULL")
    }
    return (name, summary, version, "\(major).\(minor)")
  }

  /// A NUL-terminated UTF-8 string of at most `maximumLength` bytes, or `nil`.
  /// The characters of a front end's name, as the header gives them: ASCII letters of either
  /// case, digits, `-` and `_`.
  private static func isNameCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func validString(_ pointer: UnsafePointer<CChar>?, maximumLength: Int) -> String? {
    guard let pointer else { return nil }
    let length = strnlen(pointer, maximumLength + 1)
    guard length <= maximumLength else { return nil }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    return String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
  }
}
