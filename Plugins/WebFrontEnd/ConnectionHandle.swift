import CMicroHTTPD

/// An MHD connection, held across threads: by a suspended request or event stream until it is
/// resumed. MHD lets any thread resume a connection; only MHD's threads do anything else
/// with it.
struct ConnectionHandle: @unchecked Sendable, Hashable {
  // `struct MHD_Connection *`: an address MHD owns; this only passes it back to MHD.
  let pointer: OpaquePointer

  /// Lets MHD handle the connection again (after `MHD_suspend_connection`). [any thread]
  func resume() { MHD_resume_connection(pointer) }

  /// Takes the connection out of MHD's loop until ``resume()``. Only from MHD's callbacks for
  /// this connection.
  func suspend() { MHD_suspend_connection(pointer) }
}
