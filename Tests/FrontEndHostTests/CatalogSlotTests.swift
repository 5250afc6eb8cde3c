import FrontEndHost
import Testing

/// The host makes its action catalog when it is first asked, not at start-up: whichever comes
/// first, a read or a registration, finds the standard intents in it.
@MainActor
@Suite struct CatalogSlotTests {
  @Test func aReadOfAFreshHostFindsTheStandardIntents() {
    let host = makeTestHost()
    let paths = host.actions.entries.map(\.casePath)
    #expect(paths == ActionCatalog.standard.entries.map(\.casePath))
    #expect(paths.contains("login.view.binding.email"))
  }

  @Test func aRegistrationBeforeAnyReadAddsToTheStandardIntents() {
    let host = makeTestHost()
    host.registerAction(
      ActionCatalog.Entry(
        casePath: "newGame.game.testOnlyNothing", feature: .game,
        summary: "Test-only: does nothing",
        make: { _ in .success(.newGame(.game(.dismiss))) }))
    let paths = host.actions.entries.map(\.casePath)
    #expect(
      paths == ActionCatalog.standard.entries.map(\.casePath) + ["newGame.game.testOnlyNothing"])
  }
}
