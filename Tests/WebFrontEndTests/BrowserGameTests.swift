import Foundation
import JSONLines
import Testing

/// The whole app in a real browser: the page of `--frontend web`, in headless Chromium, next to
/// the `jsonl` front end. At every screen the page must show what the store holds, as the
/// `jsonl` observer reports it at that moment, and a screenshot of it goes to
/// `.build/web-screenshots`.
///
/// One browser at a time: each is several processes and a few hundred MB, and the suite runs
/// beside the rest of `swift test` on a small machine.
@Suite(
  .serialized,
  .enabled(
    if: Browser.isAvailable,
    "chromium is not installed (/usr/bin/chromium; apt-get install chromium): no browser to drive"
  ),
  .enabled(
    if: WebHost.isBuilt,
    "the web front end was not built (libmicrohttpd-dev is missing): nothing to test"))
struct BrowserGameTests {
  /// Waits until the page shows `screen`.
  func waitForScreen(_ screen: String, on page: Page) throws {
    try page.waitUntil("document.getElementById('screen').dataset.screen === '\(screen)'")
  }

  /// Checks that the page shows the state the store holds now.
  func expectPageMatchesStore(
    _ page: Page, _ host: WebHost, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let shown = try page.evaluate(ScreenView.pageScript)
    let held = ScreenView.of(jsonlState: try host.stateNow())
    #expect(shown == held, sourceLocation: sourceLocation)
  }

  /// Saves a screenshot of the whole window as `name`.
  func saveScreenshot(_ page: Page, as name: String) throws {
    try Screenshots.save(
      page.screenshot(), as: name, width: Page.viewport.width, height: Page.viewport.height)
  }

  /// Whether any string in the page's last state, or its document, holds `secret`.
  func pageHolds(_ secret: String, _ page: Page) throws -> Bool {
    let literal = JSONValue.string(secret).description
    return try page.evaluate(
      "JSON.stringify(state).includes(\(literal)) || document.documentElement.outerHTML.includes(\(literal))"
    ) == true
  }

  @Test func logInTwoFactorPlayToAWinAndSeeTheScoreboard() throws {
    let host = try WebHost()
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: host.url)
      try waitForScreen("login", on: page)
      #expect(try page.evaluate("document.getElementById('connection').textContent") == "live")
      try expectPageMatchesStore(page, host)
      try saveScreenshot(page, as: "login")

      // A wrong password: the host's alert shows, and neither password reaches the page.
      try page.click("#email")
      try page.type("blob-2fa@pointfree.co")
      try page.click("#password")
      try page.type("hunter2")
      try page.waitUntil("!document.getElementById('login').disabled")
      try page.click("#login")
      try page.waitUntil("!document.getElementById('alert').hidden")
      try expectPageMatchesStore(page, host)
      try saveScreenshot(page, as: "login-alert")
      try page.click("#alert-yes")
      try page.waitUntil("document.getElementById('alert').hidden")
      try page.evaluate("document.getElementById('password').value = ''; 0")
      try page.click("#password")
      try page.type("password")
      try page.press("Enter")

      // The email asks for a second factor.
      try waitForScreen("twoFactor", on: page)
      try page.click("#code")
      try page.type("1234")
      try page.waitUntil("!document.getElementById('submit').disabled")
      try expectPageMatchesStore(page, host)
      try saveScreenshot(page, as: "two-factor")
      try page.click("#submit")

      try waitForScreen("newGame", on: page)
      try page.click("#x-name")
      try page.type("Blob")
      try page.click("#o-name")
      try page.type("Blub")
      try page.waitUntil("!document.getElementById('play').disabled")
      try expectPageMatchesStore(page, host)
      try saveScreenshot(page, as: "new-game")
      #expect(try !pageHolds("hunter2", page))
      #expect(try !page.evaluate(Self.stateHoldsString("password")).bool!)
      try page.click("#play")

      try waitForScreen("game", on: page)
      try expectPageMatchesStore(page, host)
      try saveScreenshot(page, as: "game")
      // The board is drawn: one cell looks the same twice while nothing changes (the control),
      // and different once it is played.
      let cell = try page.rectangle(of: "#cell-1-0")
      let empty = try page.screenshot(clip: cell)
      #expect(try page.screenshot(clip: cell) == empty)
      try Screenshots.save(
        empty, as: "cell-empty", width: Int(cell.width), height: Int(cell.height))

      // X by mouse, O by keys 1-9 (1 is the top left).
      try page.click("#cell-0-0")
      try page.waitUntil("document.getElementById('cell-0-0').textContent === 'X'")
      try page.press("4")
      try page.waitUntil("document.getElementById('cell-1-0').textContent === 'O'")
      let played = try page.screenshot(clip: cell)
      #expect(played != empty)
      try Screenshots.save(
        played, as: "cell-played", width: Int(cell.width), height: Int(cell.height))
      try expectPageMatchesStore(page, host)
      try page.click("#cell-0-1")
      try page.waitUntil("document.getElementById('cell-0-1').textContent === 'X'")
      try page.press("5")
      try page.waitUntil("document.getElementById('cell-1-1').textContent === 'O'")
      try page.press("3")
      try page.waitUntil("!document.getElementById('play-again').hidden")
      try expectPageMatchesStore(page, host)
      #expect(
        try page.evaluate("document.getElementById('title').textContent").string?.contains("Blob")
          == true)
      try saveScreenshot(page, as: "game-over")

      // A finished game is left at once; the scoreboard counts the win.
      try page.click("#quit")
      try waitForScreen("newGame", on: page)
      try page.waitUntil("!document.getElementById('scoreboard').hidden")
      try expectPageMatchesStore(page, host)
      #expect(
        try page.evaluate(ScreenView.pageScript)["scoreboard"]?.array?.first
          == ["Blob", "1"])
      try saveScreenshot(page, as: "scoreboard")
    }
    let (status, standardError) = host.finish()
    #expect(status == 0, "\(standardError)")
  }

  @Test func twoBrowsersAndTheJsonlFrontEndShareOneGame() throws {
    let host = try WebHost()
    try host.logIn()
    try Browser.with { browser in
      let first = try browser.newPage()
      let second = try browser.newPage()
      for page in [first, second] {
        try page.navigate(to: host.url)
        try waitForScreen("newGame", on: page)
      }
      // A name typed in one page shows in the other, and in the store.
      try first.click("#x-name")
      try first.type("Blob")
      try second.waitUntil("document.getElementById('x-name').value === 'Blob'")
      host.send("newGame.binding.oPlayerName", ["value": "Blub"])
      try first.waitUntil("!document.getElementById('play').disabled")
      try first.click("#play")
      for page in [first, second] { try waitForScreen("game", on: page) }
      // A move from each side: the first page, the second page, the JSON lines.
      try first.click("#cell-0-0")
      try second.waitUntil("document.getElementById('cell-0-0').textContent === 'X'")
      try second.click("#cell-2-2")
      try first.waitUntil("document.getElementById('cell-2-2').textContent === 'O'")
      host.send("newGame.game.cellTapped", ["row": 1, "column": 1])
      for page in [first, second] {
        try page.waitUntil("document.getElementById('cell-1-1').textContent === 'X'")
        try expectPageMatchesStore(page, host)
      }
    }
    let (status, standardError) = host.finish()
    #expect(status == 0, "\(standardError)")
  }

  @Test func sigtermWithABrowserConnectedEndsTheHostAndThePageSaysItIsNoLongerLive() throws {
    let host = try WebHost()
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: host.url)
      try waitForScreen("login", on: page)
      let (status, _) = host.finish(bySignal: SIGTERM)
      #expect(status == 128 + SIGTERM)
      // The page says it lost the game (reconnecting, or disconnected), instead of "live".
      try page.waitUntil("document.getElementById('connection').textContent !== 'live'")
    }
  }

  /// A script: whether a string in the page's last state is exactly `text`.
  static func stateHoldsString(_ text: String) -> String {
    let literal = JSONValue.string(text).description
    return """
      (() => {
        const holds = (value) => value === \(literal)
          || (value !== null && typeof value === "object" && Object.values(value).some(holds));
        return holds(state);
      })()
      """
  }
}
