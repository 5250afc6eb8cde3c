import Testing
import WebRequestRules

@Suite struct RequestRulesTests {
  let rules = RequestRules(token: AccessToken(text: "00112233445566778899aabbccddeeff"))
  let token = "00112233445566778899aabbccddeeff"

  @Test func acceptsThePageItself() {
    #expect(rules.refusal(host: "127.0.0.1:8080", origin: nil, token: token) == nil)
    #expect(
      rules.refusal(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", token: token) == nil)
    #expect(
      rules.refusal(host: "localhost:9000", origin: "http://localhost:9000", token: token) == nil)
    #expect(rules.refusal(host: "[::1]:8080", origin: nil, token: token) == nil)
    #expect(rules.refusal(host: "192.168.1.20:8080", origin: nil, token: token) == nil)
  }

  @Test func refusesAWrongOrMissingToken() {
    #expect(rules.refusal(host: "127.0.0.1:1", origin: nil, token: nil) == .wrongToken)
    #expect(rules.refusal(host: "127.0.0.1:1", origin: nil, token: "") == .wrongToken)
    #expect(
      rules.refusal(host: "127.0.0.1:1", origin: nil, token: String(token.dropLast()))
        == .wrongToken)
    #expect(rules.refusal(host: "127.0.0.1:1", origin: nil, token: token + "0") == .wrongToken)
    #expect(
      rules.refusal(host: "127.0.0.1:1", origin: nil, token: token.uppercased()) == .wrongToken)
  }

  @Test func refusesANameThatIsNotLocalhostOrAnAddress() {
    // DNS rebinding: the attacker's own name, resolving to 127.0.0.1.
    for host in [
      "evil.example:8080", "evil.example", "127.0.0.1.nip.io:80", "localhost.evil:1", "",
    ] {
      let refusal = rules.refusal(host: host, origin: nil, token: token)
      #expect(refusal?.status == 403, "Host: \(host)")
      #expect(refusal?.message.contains("Host") == true)
    }
    #expect(rules.refusal(host: nil, origin: nil, token: token)?.status == 403)
    #expect(rules.refusal(host: "127.0.0.1:notaport", origin: nil, token: token)?.status == 403)
  }

  @Test func refusesAForeignOrigin() {
    for origin in [
      "http://evil.example", "null", "https://127.0.0.1:8080", "http://127.0.0.1:8081",
    ] {
      let refusal = rules.refusal(host: "127.0.0.1:8080", origin: origin, token: token)
      #expect(refusal?.status == 403, "Origin: \(origin)")
      #expect(refusal?.message.contains("origin") == true)
    }
  }

  @Test func noRefusalRepeatsTheTokenSent() {
    let sent = "0123456789abcdef0123456789abcdef"
    let refusal = rules.refusal(host: "127.0.0.1:1", origin: nil, token: sent)
    #expect(refusal?.message.contains(sent) == false)
    #expect(refusal?.message.contains(token) == false)
  }
}

@Suite struct AccessTokenTests {
  @Test func isThirtyTwoHexDigitsAndNewEachRun() {
    let first = AccessToken.random()
    let second = AccessToken.random()
    #expect(first.text.count == 32)
    #expect(first.text.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(first != second)
    #expect(first.matches(first.text))
    #expect(!first.matches(second.text))
  }
}
