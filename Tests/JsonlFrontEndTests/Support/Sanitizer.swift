#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether this test binary (and so the `tictactoe` that `swift test` built with it) runs under
/// AddressSanitizer or ThreadSanitizer, whose shadow memory and quarantine inflate RSS.
enum Sanitizer {
  static let isActive: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
  }()
}
