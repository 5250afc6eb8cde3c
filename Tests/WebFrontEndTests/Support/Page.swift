import Foundation
import JSONLines

/// One tab of a ``Browser``, attached with a DevTools session of its own: navigation, script
/// evaluation, waiting for conditions inside the page, keyboard and mouse input, screenshots.
final class Page: @unchecked Sendable {
  /// A rectangle in CSS pixels, from the top left of the document.
  struct Rectangle: Equatable, CustomStringConvertible {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var description: String { "\(width)x\(height) at (\(x), \(y))" }
  }

  /// The size of every page's viewport, in CSS pixels (one device pixel each): screenshots of
  /// the whole page are this large.
  static let viewport = (width: 1000, height: 800)

  /// How long a condition may take to hold before ``waitUntil(_:)`` fails, in milliseconds.
  /// Generous: it only turns a page that never gets there into a clear failure sooner than the
  /// browser's hang guard would.
  static let conditionTimeoutMilliseconds = 120_000

  private let connection: DevToolsConnection
  private let session: String

  /// Opens a tab on `about:blank` in `browser` and attaches to it.
  init(in browser: Browser) throws {
    connection = browser.connection
    let target = try connection.send("Target.createTarget", ["url": "about:blank"])
    let targetIdentifier = try Self.string(target["targetId"], "Target.createTarget's targetId")
    let attached = try connection.send(
      "Target.attachToTarget", ["targetId": .string(targetIdentifier), "flatten": true])
    session = try Self.string(attached["sessionId"], "Target.attachToTarget's sessionId")
    try connection.send("Page.enable", session: session)
    try connection.send(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": .number(JSONNumber(Self.viewport.width)),
        "height": .number(JSONNumber(Self.viewport.height)), "deviceScaleFactor": 1,
        "mobile": false,
      ], session: session)
  }

  /// Loads `url` and waits for its load event.
  func navigate(to url: String) throws {
    let before = connection.eventCount
    let result = try connection.send("Page.navigate", ["url": .string(url)], session: session)
    if let errorText = result["errorText"]?.string {
      throw DevToolsConnection.Failure(description: "loading \(url) failed: \(errorText)")
    }
    try connection.waitForEvent("Page.loadEventFired", session: session, after: before)
  }

  /// Evaluates `expression` in the page, waits for it if it is a promise, and returns its value.
  @discardableResult
  func evaluate(_ expression: String) throws -> JSONValue {
    let result = try connection.send(
      "Runtime.evaluate",
      ["expression": .string(expression), "returnByValue": true, "awaitPromise": true],
      session: session)
    if let exception = result["exceptionDetails"] {
      let message = exception["exception"]?["description"]?.string ?? "\(exception)"
      throw DevToolsConnection.Failure(description: "the page's script threw: \(message)")
    }
    return result["result"]?["value"] ?? .null
  }

  /// Waits, inside the page, until `condition` (a JavaScript expression) is truthy, checking it
  /// after every change of the document and every 20 ms (for state outside the document);
  /// returns its value. The condition is part of the script, not given to `eval`, which a
  /// page's Content-Security-Policy may forbid.
  @discardableResult
  func waitUntil(_ condition: String) throws -> JSONValue {
    let conditionLiteral = JSONValue.string(condition).description
    return try evaluate(
      """
      new Promise((resolve, reject) => {
        const check = () => { try { return (\(condition)); } catch (e) { return undefined; } };
        const first = check();
        if (first) { resolve(first); return; }
        const stop = () => { observer.disconnect(); clearInterval(poll); clearTimeout(timer); };
        const recheck = () => { const value = check(); if (value) { stop(); resolve(value); } };
        const observer = new MutationObserver(recheck);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const poll = setInterval(recheck, 20);
        const timer = setTimeout(() => {
          stop();
          reject(new Error("still false after \(Self.conditionTimeoutMilliseconds) ms: " + \(conditionLiteral)));
        }, \(Self.conditionTimeoutMilliseconds));
      })
      """)
  }

  /// The bounding box of the first element matching `selector`, scrolled into view.
  func rectangle(of selector: String) throws -> Rectangle {
    let selectorLiteral = JSONValue.string(selector).description
    let box = try evaluate(
      """
      (() => {
        const element = document.querySelector(\(selectorLiteral));
        if (!element) throw new Error("no element matches " + \(selectorLiteral));
        element.scrollIntoView({ block: "center", inline: "center" });
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) throw new Error(\(selectorLiteral) + " is not shown");
        return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
      })()
      """)
    let numbers = (box.array ?? []).compactMap { $0.number?.double }
    guard numbers.count == 4 else {
      throw DevToolsConnection.Failure(description: "no bounding box for \(selector): \(box)")
    }
    return Rectangle(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// Clicks the middle of the first element matching `selector` with the left mouse button,
  /// as a user would: the browser hit-tests the point, so a covered element is not clicked.
  func click(_ selector: String) throws {
    let box = try rectangle(of: selector)
    let scroll = try evaluate("[window.scrollX, window.scrollY]").array ?? []
    let scrollX = scroll.first?.number?.double ?? 0
    let scrollY = scroll.last?.number?.double ?? 0
    let x = JSONValue.number(JSONNumber("\(box.x + box.width / 2 - scrollX)")!)
    let y = JSONValue.number(JSONNumber("\(box.y + box.height / 2 - scrollY)")!)
    for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
      try connection.send(
        "Input.dispatchMouseEvent",
        ["type": .string(type), "x": x, "y": y, "button": "left", "clickCount": 1],
        session: session)
    }
  }

  /// Types `text` into the focused element, as an input method would.
  func type(_ text: String) throws {
    try connection.send("Input.insertText", ["text": .string(text)], session: session)
  }

  /// Presses and releases `key` (a DOM key name: `"Enter"`, `"ArrowLeft"`, `"5"`, ...).
  func press(_ key: String) throws {
    let (code, keyCode, text) = Self.keyDescription(key)
    var down: JSONValue = [
      "type": "keyDown", "key": .string(key), "code": .string(code),
      "windowsVirtualKeyCode": .number(JSONNumber(keyCode)),
    ]
    if let text, case .object(var object) = down {
      object.insert(.string(text), forKey: "text")
      down = .object(object)
    }
    try connection.send("Input.dispatchKeyEvent", down, session: session)
    try connection.send(
      "Input.dispatchKeyEvent",
      [
        "type": "keyUp", "key": .string(key), "code": .string(code),
        "windowsVirtualKeyCode": .number(JSONNumber(keyCode)),
      ], session: session)
  }

  /// A PNG of the page's visible part, or of `clip` only.
  func screenshot(clip: Rectangle? = nil) throws -> [UInt8] {
    var parameters = JSONObject()
    parameters.insert("png", forKey: "format")
    if let clip {
      let number = { (value: Double) in JSONValue.number(JSONNumber("\(value)")!) }
      parameters.insert(
        [
          "x": number(clip.x), "y": number(clip.y), "width": number(clip.width),
          "height": number(clip.height), "scale": 1,
        ], forKey: "clip")
      parameters.insert(true, forKey: "captureBeyondViewport")
    }
    let result = try connection.send(
      "Page.captureScreenshot", .object(parameters), session: session)
    let encoded = try Self.string(result["data"], "Page.captureScreenshot's data")
    guard let data = Data(base64Encoded: encoded) else {
      throw DevToolsConnection.Failure(description: "the screenshot is not base64")
    }
    return [UInt8](data)
  }

  /// The `code`, Windows key code and text of the keys the tests press.
  private static func keyDescription(_ key: String) -> (String, Int, String?) {
    switch key {
    case "Enter": ("Enter", 13, "\r")
    case "Escape": ("Escape", 27, nil)
    case "Tab": ("Tab", 9, nil)
    case "ArrowLeft": ("ArrowLeft", 37, nil)
    case "ArrowUp": ("ArrowUp", 38, nil)
    case "ArrowRight": ("ArrowRight", 39, nil)
    case "ArrowDown": ("ArrowDown", 40, nil)
    default:
      if let digit = key.first, key.count == 1, digit.isNumber {
        ("Digit\(key)", Int(digit.asciiValue ?? 48), key)
      } else {
        ("Key\(key.uppercased())", Int(key.uppercased().first?.asciiValue ?? 0), key)
      }
    }
  }

  private static func string(_ value: JSONValue?, _ what: String) throws -> String {
    guard let string = value?.string else {
      throw DevToolsConnection.Failure(description: "\(what) is missing")
    }
    return string
  }
}
