import Foundation
import JSONLines
import Testing

/// The headless-Chromium driver itself, on a page given inline as a `data:` URL: so a failure
/// of the web front end's tests is never the driver's. One browser at a time, as in
/// ``BrowserGameTests``.
@Suite(
  .serialized, .enabled(if: Browser.isAvailable, "chromium is not installed (/usr/bin/chromium)"))
struct BrowserDriverTests {
  /// A page with a button that counts its clicks, a text field, and two squares.
  static let page =
    "data:text/html," + """
      <!doctype html><html><body style="margin:0;background:#fff">
      <button id="count" style="width:120px;height:40px" onclick="this.textContent = Number(this.textContent) + 1">0</button>
      <input id="name" onkeydown="if (event.key === 'Enter') document.title = 'sent ' + this.value">
      <div id="a" style="width:50px;height:50px;background:#fff"></div>
      <div id="b" style="width:50px;height:50px;background:#fff"></div>
      </body></html>
      """.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

  @Test func itLoadsAPageAndReadsTheDocument() throws {
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: Self.page)
      #expect(try page.evaluate("document.querySelector('#count').textContent") == "0")
      #expect(try page.evaluate("1 + 2") == 3)
      #expect(try page.evaluate("Promise.resolve('later')") == "later")
      #expect(throws: DevToolsConnection.Failure.self) { try page.evaluate("nothing.here") }
    }
  }

  @Test func aClickAndKeysReachThePage() throws {
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: Self.page)
      try page.click("#count")
      try page.click("#count")
      #expect(try page.waitUntil("document.querySelector('#count').textContent === '2'") == true)
      try page.click("#name")
      try page.type("Blob")
      try page.press("Enter")
      #expect(
        try page.waitUntil("document.title.startsWith('sent') && document.title") == "sent Blob")
    }
  }

  @Test func waitingEndsWhenTheConditionHoldsLater() throws {
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: Self.page)
      try page.evaluate("setTimeout(() => { window.ready = 'yes'; }, 50); 0")
      #expect(try page.waitUntil("window.ready") == "yes")
    }
  }

  @Test func clippedScreenshotsShowWhatChanged() throws {
    try Browser.with { browser in
      let page = try browser.newPage()
      try page.navigate(to: Self.page)
      let a = try page.rectangle(of: "#a")
      let before = try page.screenshot(clip: a)
      let again = try page.screenshot(clip: a)
      #expect(before.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      #expect(before == again)
      try page.evaluate("document.querySelector('#a').style.background = '#000'")
      try page.waitUntil(
        "getComputedStyle(document.querySelector('#a')).backgroundColor === 'rgb(0, 0, 0)'")
      #expect(try page.screenshot(clip: a) != before)
      // The unchanged square beside it still looks like the first one did.
      #expect(try page.screenshot(clip: page.rectangle(of: "#b")) == before)
    }
  }
}
