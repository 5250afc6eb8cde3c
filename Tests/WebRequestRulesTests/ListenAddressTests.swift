import Testing
import WebRequestRules

@Suite struct ListenAddressTests {
  @Test func defaultsToLoopbackAndAFreePort() throws {
    #expect(try ListenAddress(nil) == ListenAddress(host: "127.0.0.1", port: 0))
    #expect(try ListenAddress("") == ListenAddress(host: "127.0.0.1", port: 0))
  }

  @Test func readsAnAddressAPortOrBoth() throws {
    #expect(try ListenAddress("127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
    #expect(try ListenAddress("8080") == ListenAddress(host: "127.0.0.1", port: 8080))
    #expect(try ListenAddress("0.0.0.0:80") == ListenAddress(host: "0.0.0.0", port: 80))
    #expect(try ListenAddress("localhost:9") == ListenAddress(host: "127.0.0.1", port: 9))
    #expect(try ListenAddress("[::1]:8080") == ListenAddress(host: "::1", port: 8080))
    #expect(try ListenAddress("[::]") == ListenAddress(host: "::", port: 0))
    #expect(try ListenAddress("10.0.0.2") == ListenAddress(host: "10.0.0.2", port: 0))
  }

  @Test func writesTheURLsAuthority() {
    #expect(ListenAddress(host: "127.0.0.1", port: 80).authority == "127.0.0.1:80")
    #expect(ListenAddress(host: "::1", port: 80).authority == "[::1]:80")
  }

  @Test func refusesWhatIsNoAddress() {
    for argument in [
      "example.com:80", "127.0.0.1:99999", "127.0.0.1:http", "::1:80", "[::1", "1.2.3:4",
    ] {
      #expect(throws: RequestRefusal.self, "\(argument)") { try ListenAddress(argument) }
    }
  }
}
