#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The attached front ends, in attach order, and which one owns the terminal.
@MainActor
final class AttachmentRegistry {
  /// The attached front ends, in attach order.
  private(set) var attachedFrontEnds: [AttachedFrontEnd] = [] {
    didSet {
      let owner = terminalOwner
      if oldValue.first(where: \.ownsTerminal) !== owner { onTerminalOwnerChange(owner) }
    }
  }

  /// Called with the new terminal owner (or `nil`) whenever it changes.
  var onTerminalOwnerChange: (AttachedFrontEnd?) -> Void = { _ in }

  /// The front end that owns the terminal, if any.
  var terminalOwner: AttachedFrontEnd? {
    // A loop, not `first(where:)`: asked for every line of input (see `UncheckedClosures`).
    for frontEnd in attachedFrontEnds where frontEnd.ownsTerminal { return frontEnd }
    return nil
  }

  /// Adds `frontEnd` as attached (before its attach callback runs, so it can call the host).
  func add(_ frontEnd: AttachedFrontEnd) {
    frontEnd.isAttached = true
    attachedFrontEnds.append(frontEnd)
  }

  /// Removes `frontEnd`; its handles stop working.
  func remove(_ frontEnd: AttachedFrontEnd) {
    frontEnd.isAttached = false
    attachedFrontEnds.removeAll { $0 === frontEnd }
  }

  /// The attached observer whose output is the regular file or FIFO at `path`, if any (the
  /// same file under another name counts). Devices are left out: two observers on
  /// `/dev/null` harm nobody.
  func session(writingTo path: String) -> AttachedFrontEnd? {
    var status = stat()
    guard stat(path, &status) == 0,
      status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFIFO
    else { return nil }
    let identity = FileIdentity(status)
    return attachedFrontEnds.first { session in
      session.outputs.contains { $0.isOwned && $0.file == identity }
    }
  }
}
