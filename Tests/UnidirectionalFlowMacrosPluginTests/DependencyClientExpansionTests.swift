import Testing

struct DependencyClientExpansionTests {
  @Test func endpointsDefaultToUnimplementedAndNamedParametersGetAMethod() {
    let expansion = MacroExpansion(
      """
      @DependencyClient
      public struct AuthenticationClient: Sendable {
        public var login: @Sendable (_ email: String, _ password: String) async throws -> Response
        public var logout: @Sendable () async -> Void
      }
      """, macros: ["DependencyClient"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public struct AuthenticationClient: Sendable {
          public var login: @Sendable (_ email: String, _ password: String) async throws -> Response
          public var logout: @Sendable () async -> Void

          /// A client with the endpoints given; an endpoint left out is unimplemented: calling it
          /// reports an issue naming it, then throws, or returns what its default returns.
          public init(
            login: @escaping @Sendable (_ email: String, _ password: String) async throws -> Response = { _, _ in
              throw UnidirectionalFlow.UnimplementedEndpoint.report("AuthenticationClient.login")
            },
            logout: @escaping @Sendable () async -> Void = {
              _ = UnidirectionalFlow.UnimplementedEndpoint.report("AuthenticationClient.logout")
            }
          ) {
            self.login = login
            self.logout = logout
          }

          /// Calls `login`.
          public func login(email: String, password: String) async throws -> Response {
            try await self.login(email, password)
          }
        }
        """#)
  }

  @Test func anEndpointWithADefaultReportsThenCallsItAndValuesGoInTheInitializer() {
    let expansion = MacroExpansion(
      """
      @DependencyClient
      struct Counter {
        private var next: @Sendable (_ after: Int) -> Int = { $0 + 1 }
        var name: String = "counter"
        let id: Int
        let kind: Int = 1
      }
      """, macros: ["DependencyClient"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        struct Counter {
          private var next: @Sendable (_ after: Int) -> Int = { $0 + 1 }
          var name: String = "counter"
          let id: Int
          let kind: Int = 1

          /// A client with the endpoints given; an endpoint left out is unimplemented: calling it
          /// reports an issue naming it, then throws, or returns what its default returns.
          init(
            next: @escaping @Sendable (_ after: Int) -> Int = { p0 in
              let implementation: @Sendable (_ after: Int) -> Int = {
                $0 + 1
              }
              _ = UnidirectionalFlow.UnimplementedEndpoint.report("Counter.next")
              return implementation(p0)
            },
            name: String = "counter",
            id: Int
          ) {
            self.next = next
            self.name = name
            self.id = id
          }

          /// Calls `next`.
          private func next(after: Int) -> Int {
            self.next(after)
          }
        }
        """#)
  }

  @Test func staticComputedAndUnlabelledEndpointsAddNothing() {
    let expansion = MacroExpansion(
      """
      @DependencyClient
      struct Clock {
        static var shared = Clock()
        var now: @Sendable () throws -> Int
        var description: String { "clock" }
        var sleep: (Int) async throws -> Void
      }
      """, macros: ["DependencyClient"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource.hasSuffix(
        #"""
          init(
            now: @escaping @Sendable () throws -> Int = {
              throw UnidirectionalFlow.UnimplementedEndpoint.report("Clock.now")
            },
            sleep: @escaping (Int) async throws -> Void = { _ in
              throw UnidirectionalFlow.UnimplementedEndpoint.report("Clock.sleep")
            }
          ) {
            self.now = now
            self.sleep = sleep
          }
        }
        """#))
  }

  @Test func misusesAreReportedWhereTheyAreWritten() {
    let onAnEnum = MacroExpansion(
      """
      @DependencyClient
      enum Client {}
      """, macros: ["DependencyClient"])
    #expect(
      onAnEnum.diagnostics == [
        "2:1: '@DependencyClient' applies to a struct of endpoints (closure properties), not to "
          + "this enum"
      ])

    let problems = MacroExpansion(
      """
      @DependencyClient
      struct Client {
        var count = { 0 }
        var fetch: @Sendable (_ id: Int) -> String
        var save: @Sendable (_ id: Int) throws(SaveError) -> Bool
      }
      """, macros: ["DependencyClient"])
    #expect(
      problems.diagnostics == [
        "3:7: '@DependencyClient' needs the type of 'count' written out, as in "
          + "'var count: @Sendable () async throws -> Void'",
        "4:7: endpoint 'fetch' neither throws nor returns Void, so an unimplemented 'fetch' has "
          + "nothing to return; give it a default, as in 'var fetch: () -> Int = { 0 }'",
        "5:7: endpoint 'save' neither throws nor returns Void, so an unimplemented 'save' has "
          + "nothing to return; give it a default, as in 'var save: () -> Int = { 0 }'",
      ])
    #expect(!problems.expandedSource.contains("init("))
  }

  @Test func dependencyEndpointNamesTheMethodEvenWithoutParameterNames() {
    let expansion = MacroExpansion(
      """
      @DependencyClient
      public struct StorageClient: Sendable {
        @DependencyEndpoint(method: "load")
        public var loadByID: @Sendable (_ id: Int) async throws -> Item
        @DependencyEndpoint(method: "load")
        public var loadByName: @Sendable (_ name: String) async throws -> Item
        @DependencyEndpoint(method: "open")
        var openURL: @Sendable (_ _: String, _ animated: Bool) -> Bool = { _, _ in false }
        @DependencyEndpoint(method: "remove")
        var removeAll: @Sendable () async -> Void
        @DependencyEndpoint
        var ping: @Sendable (_ host: String) async -> Void
      }
      """, macros: ["DependencyClient", "DependencyEndpoint"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource.hasSuffix(
        #"""
          /// Calls `loadByID`.
          public func load(id: Int) async throws -> Item {
            try await self.loadByID(id)
          }

          /// Calls `loadByName`.
          public func load(name: String) async throws -> Item {
            try await self.loadByName(name)
          }

          /// Calls `openURL`.
          func open(_ p0: String, animated: Bool) -> Bool {
            self.openURL(p0, animated)
          }

          /// Calls `removeAll`.
          func remove() async -> Void {
            await self.removeAll()
          }

          /// Calls `ping`.
          func ping(host: String) async -> Void {
            await self.ping(host)
          }
        }
        """#))
    #expect(!expansion.expandedSource.contains("@DependencyEndpoint"))
  }

  @Test func dependencyEndpointMisusesAreReportedWhereTheyAreWritten() {
    let expansion = MacroExpansion(
      """
      struct Client {
        @DependencyEndpoint(method: "load")
        var count: Int
        @DependencyEndpoint(method: "not a name")
        var fetch: @Sendable () -> Void
        @DependencyEndpoint(method: name)
        var save: @Sendable () -> Void
      }
      """, macros: ["DependencyEndpoint"])
    // A peer macro's diagnostics are placed in the attribute it is given here (the compiler
    // places them in the source): compare the messages.
    #expect(
      expansion.diagnostics.map { String($0.split(separator: " ", maxSplits: 1).last ?? "") } == [
        "'@DependencyEndpoint' applies to an endpoint of a '@DependencyClient' struct, a "
          + "property whose type is a closure, as in 'var fetch: @Sendable (_ id: Int) async "
          + "throws -> Item'",
        "'@DependencyEndpoint(method:)' takes the method's name as a string literal, as in "
          + "'@DependencyEndpoint(method: \"fetch\")', not \"not a name\"",
        "'@DependencyEndpoint(method:)' takes the method's name as a string literal, as in "
          + "'@DependencyEndpoint(method: \"fetch\")', not name",
      ])
  }

  @Test(arguments: ["init", "func", "self", "Self", "subscript", "return", "_", "2fetch"])
  func dependencyEndpointRefusesAKeywordAsTheMethodName(name: String) {
    let expansion = MacroExpansion(
      """
      struct Client {
        @DependencyEndpoint(method: "\(name)")
        var fetch: @Sendable () -> Void
      }
      """, macros: ["DependencyEndpoint"])
    #expect(
      expansion.diagnostics.map { String($0.split(separator: " ", maxSplits: 1).last ?? "") } == [
        "'@DependencyEndpoint(method:)' takes the method's name as a string literal, as in "
          + "'@DependencyEndpoint(method: \"fetch\")', not \"\(name)\""
      ])
  }

  @Test(arguments: ["fetch", "_load", "get", "Type", "open", "ünïcode2"])
  func dependencyEndpointTakesAnIdentifierThatIsNoKeyword(name: String) {
    let expansion = MacroExpansion(
      """
      struct Client {
        @DependencyEndpoint(method: "\(name)")
        var fetch: @Sendable () -> Void
      }
      """, macros: ["DependencyEndpoint"])
    #expect(expansion.diagnostics.isEmpty)
  }
}
