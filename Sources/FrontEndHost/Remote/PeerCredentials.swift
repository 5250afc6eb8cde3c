#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Who is at the other end of a connected Unix socket, from the kernel (`SO_PEERCRED`): the
/// listener refuses a client of another user, and `tictactoe attach` a host of another user,
/// since either would get what the user types.
public enum PeerCredentials {
  /// The peer's uid (a `struct ucred`: pid, uid, gid, three 32-bit integers; Swift does not
  /// import the struct), or `nil` if the kernel would not tell.
  public static func uid(of descriptor: Int32) -> UInt32? {
    var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
      length == 12
    else { return nil }
    return credentials.1
  }
}
