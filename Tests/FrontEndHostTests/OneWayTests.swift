import Foundation
import FrontEndHost
import TestSupport
import Testing

/// A key press flows one way (issue 25, item 3): the host never calls a front end back from
/// inside one of its calls. What a callback's sends change is told once it has returned: the
/// action events in order, then one change call, however many actions there were.
@MainActor
@Suite struct OneWayTests {
  let host = makeTestHost()
  let library: String
  let session: AttachedFrontEnd
  private let handle: UnsafeMutableRawPointer

  init() async throws {
    library = try await Fixtures.compile("oneway.c")
    handle = try #require(dlopen(library, RTLD_NOW | RTLD_LOCAL))
    session = try host.attach(FrontEndSpec(library), ownsTerminal: true).get()
    _ = takeEvents()
  }

  private func function<T>(_ name: String, as type: T.Type) -> T {
    unsafeBitCast(dlsym(handle, name)!, to: type)
  }

  private func counter(_ name: String) -> UInt32 {
    function(name, as: (@convention(c) () -> UInt32).self)()
  }

  /// The callbacks since the last call, one a line.
  private func takeEvents() -> [String] {
    let take = function("oneway_take_events", as: (@convention(c) () -> UnsafePointer<CChar>).self)
    return String(cString: take()).split(separator: "\n").map(String.init)
  }

  private func expectNoNesting() {
    #expect(counter("oneway_nested") == 0, "a callback came inside another")
    #expect(counter("oneway_inside_send") == 0, "a callback came inside send or edit_text")
    #expect(counter("oneway_stale_reads") == 0, "a read right after a send missed its change")
    #expect(session.nestedCallbacks == 0, "the host counted a nested callback")
  }

  @Test func sendsInsideInputAreToldOnceTheInputCallReturned() {
    host.deliverInput(Array("eee".utf8))
    #expect(
      takeEvents() == [
        "input",
        "action login.view.binding.email", "action login.view.binding.email",
        "action login.view.binding.email",
        "change",
      ])
    expectNoNesting()
  }

  @Test func textEditsAreToldTheSameWay() {
    host.deliverInput(Array("xex".utf8))
    #expect(
      takeEvents() == [
        "input",
        "action login.view.binding.email", "action login.view.binding.email",
        "action login.view.binding.email",
        "change",
      ])
    expectNoNesting()
  }

  @Test func aSendFromAChangeCallbackIsToldAfterThatCallback() {
    host.deliverInput(Array("re".utf8))
    #expect(
      takeEvents() == [
        "input", "action login.view.binding.email", "change",
        "action login.view.binding.email", "change",
      ])
    expectNoNesting()
  }

  @Test func aSendOutsideEveryCallbackIsToldBeforeItReturns() {
    function("oneway_send_email", as: (@convention(c) () -> Void).self)()
    #expect(takeEvents() == ["action login.view.binding.email", "change"])
    #expect(counter("oneway_nested") == 0)
    #expect(counter("oneway_stale_reads") == 0)
    // Both came inside its send, and the host counts them as such.
    #expect(counter("oneway_inside_send") == 2)
    #expect(session.nestedCallbacks == 2)
  }
}
