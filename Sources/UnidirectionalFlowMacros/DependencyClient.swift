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

/// Names the method `@DependencyClient` writes for an endpoint, when the endpoint's own name
/// does not read well as one, or when two endpoints share a method name with different labels:
///
/// ```swift
/// @DependencyClient
/// struct StorageClient: Sendable {
///   @DependencyEndpoint(method: "load")
///   var loadByID: @Sendable (_ id: Int) async throws -> Item
///   @DependencyEndpoint(method: "load")
///   var loadByName: @Sendable (_ name: String) async throws -> Item
/// }
/// // client.load(id: 1), client.load(name: "blob")
/// ```
///
/// With a name, the method is written even when the endpoint's parameters have no names. The
/// endpoint itself keeps its name: the initializer and the test's overrides use it.
///
/// - Parameter method: The method's name; empty for the endpoint's own.
@attached(peer)
public macro DependencyEndpoint(method: String = "") =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "DependencyEndpointMacro")
