import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Errors and NULLs from the front end's own callbacks: attach failing, garbage statuses,
/// NULL instances, broken descriptors.
extension HostileFrontEndTests {
  @Test func anAttachThatFailsAfterSubscribingAndRequestingLeavesNothingBehind() async throws {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    hostile.setAttachMode(.failsAfterSubscribing, argument: probe.path)
    let result = host.attach(FrontEndSpec(hostile.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("the failing attach succeeded")
      return
    }
    #expect(error.file == hostile.path)
    #expect(
      error.reason
        == "its attach callback failed with TTT_ERR_UNSUPPORTED (5): login.view.binding.email needs a text, "
        + "but text is NULL")
    // Its settle, attach and switch requests were dropped: a later settle is answered, and
    // nothing was attached.
    #expect(probe.request(TTT_REQUEST_SETTLE, "") == TTT_OK)
    #expect(await yield { probe.settled == 1 })
    #expect(hostile.settled == 0)
    #expect(host.attachedFrontEnds.map(\.name) == ["probe"])
    // Its subscriptions were ended.
    setEmail("after@failed.attach")
    #expect(hostile.changes == 0)
    #expect(hostile.extraChanges == 0)
    #expect(hostile.actions == 0)
  }

  @Test func anAttachReturningAGarbageStatusIsRefused() {
    hostile.setAttachMode(.garbageStatus)
    let result = host.attach(FrontEndSpec(hostile.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("attach returned 12345 and the front end was attached")
      return
    }
    #expect(error.reason.hasPrefix("its attach callback failed with unknown status (12345)"))
    #expect(host.attachedFrontEnds.isEmpty)
  }

  @Test func aNullInstanceIsHandedBackAsIs() throws {
    let session = try attach(.nullInstance)
    setEmail("null@instance")
    #expect(hostile.changes == 1)
    #expect(host.detach(session) == 2)  // it never ends its two subscriptions
  }

  @Test func aFrontEndThatDetachesItselfWhileAttachingIsDetached() async throws {
    _ = try attach(.detachesItself)
    #expect(await yield { host.attachedFrontEnds.isEmpty })
    setEmail("after@self.detach")
    #expect(hostile.changes == 0)
  }

  @Test(arguments: [
    ("HOSTILE_NULL_DESCRIPTION", "NULL or invalid description"),
    ("HOSTILE_BAD_UTF8_DESCRIPTION", "NULL or invalid description"),
    ("HOSTILE_NULL_VERSION", "NULL or invalid version"),
    ("HOSTILE_LONG_NAME", "no valid name"),
    ("HOSTILE_BAD_NAME", "no valid name"),
  ])
  func aBrokenDescriptorIsRefused(define: String, reason: String) async throws {
    let broken = try await Hostile(defines: [define])
    let result = host.attach(FrontEndSpec(broken.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("\(define) loaded")
      return
    }
    #expect(error.description.contains(broken.path))
    #expect(error.reason.contains(reason), "\(error)")
  }
}
