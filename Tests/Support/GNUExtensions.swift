import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The glibc routines the Glibc module leaves out (GNU extensions), looked up at run time.
///
/// Tests run in parallel in one process, and a descriptor one of them opens without
/// close-on-exec (Foundation's `Pipe` opens its ends so) is inherited by every child another
/// test spawns meanwhile. A child that lives on (a tmux server) then holds a host's standard
/// input open, and that host never sees its input end. So every child a test spawns with
/// `posix_spawn` closes all descriptors but the ones it was given (``addCloseFrom``).
public enum GNUExtensions {
  /// `pipe2`: a pipe whose ends are close-on-exec from the start, without the window `pipe`
  /// then `fcntl` leaves to a process another thread spawns meanwhile.
  public static let pipe2 = symbol(
    "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

  /// `posix_spawn_file_actions_addclosefrom_np`: the child closes every descriptor from the
  /// given one on, so it inherits none of the test process's other pipes.
  public static let addCloseFrom = symbol(
    "posix_spawn_file_actions_addclosefrom_np",
    as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

  private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else {
      fatalError("glibc has no \(name) (it needs glibc 2.34 or later)")
    }
    return unsafeBitCast(address, to: type)
  }
}
