import UnidirectionalFlow

/// Writes the initializer of a dependency client, a struct of closures, so that every endpoint
/// left out is "unimplemented", and a labelled method for each endpoint whose parameters are
/// named:
///
/// ```swift
/// @DependencyClient
/// struct AuthenticationClient: Sendable {
///   var login: @Sendable (_ email: String, _ password: String) async throws -> Response
///   var isReachable: @Sendable () -> Bool = { true }
/// }
/// extension AuthenticationClient: TestDependencyKey {
///   static let testValue = Self()
/// }
/// // AuthenticationClient(login: { _, _ in response }): isReachable is unimplemented
/// // client.login(email: "blob@pointfree.co", password: "password") calls login
/// ```
///
/// An unimplemented endpoint, when called, reports an issue naming the client and the endpoint
/// (`Unimplemented: AuthenticationClient.login was called.`: a failure in a test), then calls
/// its default if it has one, or throws `UnimplementedEndpoint`, or
/// returns, when it returns `Void`. An endpoint that does none of these needs a default.
@attached(member, names: named(init), arbitrary)
public macro DependencyClient() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "DependencyClientMacro")
