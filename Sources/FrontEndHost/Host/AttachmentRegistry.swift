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
}
