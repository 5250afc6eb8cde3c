/// An enum that publishes a case path for each of its cases.
///
/// Swift has key paths for stored properties but nothing for enum cases. The
/// `UnidirectionalFlowMacros` product's `@CasePathable` (and `@Reducer`) writes the conformance;
/// without it, an enum opts in by hand: it declares a struct whose properties are the case paths,
/// one per case, about three lines per case:
///
/// ```swift
/// extension Login.Action: CasePathable {
///   public struct AllCasePaths: Sendable {
///     public var view: AnyCasePath<Login.Action, Login.Action.View> {
///       AnyCasePath(embed: Login.Action.view) { if case .view(let v) = $0 { v } else { nil } }
///     }
///   }
///   public static var allCasePaths: AllCasePaths { AllCasePaths() }
/// }
/// ```
///
/// A ``CaseKeyPath`` is then an ordinary key path into `AllCasePaths`, so `\.view.binding.email`
/// is checked by the compiler and reads like the upstream library's case key paths.
public protocol CasePathable {
  /// The type whose properties are this enum's case paths.
  associatedtype AllCasePaths
  /// The case paths of this enum.
  static var allCasePaths: AllCasePaths { get }
}

/// A key path naming an enum case (or a chain of nested cases) of `Root` whose payload is `Value`.
///
/// Written `\.login.view` where a `CaseKeyPath<App.Action, Login.Action.View>` is expected.
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, AnyCasePath<Root, Value>
>

extension CasePathable {
  /// Resolves a case key path into the case path it names.
  ///
  /// - Parameter keyPath: The case key path: `\.view.loginButtonTapped`.
  /// - Returns: The case path, which embeds a payload in the case and extracts it.
  public static func casePath<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> AnyCasePath<
    Self, Value
  > {
    allCasePaths[keyPath: keyPath]
  }

  /// Whether this value is in the case named by `keyPath`: `action.is(\.view)`.
  ///
  /// - Parameter keyPath: The case key path.
  /// - Returns: `true` when this value is in that case, whatever its payload.
  public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
    Self.casePath(keyPath).extract(from: self) != nil
  }

  /// The payload of this value in the case named by `keyPath`, or `nil`; assigning replaces it.
  ///
  /// Reading gives the payload when this value is in that case. Assigning a payload replaces it
  /// only when this value is already in that case: in another case, or when assigning `nil`,
  /// the value is left as it was, so a write never switches the case behind a caller's back.
  ///
  /// ```swift
  /// state[case: \.login]?.email = "blob@pointfree.co"  // in `.login`: the email changes
  /// state[case: \.game] = Game.State()  // in `.login`: nothing changes
  /// ```
  ///
  /// - Parameter keyPath: The case key path: `action[case: \.view]`.
  /// - Returns: The payload, or `nil` when this value is in another case.
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    get { Self.casePath(keyPath).extract(from: self) }
    set {
      let path = Self.casePath(keyPath)
      guard let newValue, path.extract(from: self) != nil else { return }
      self = path.embed(newValue)
    }
  }
}
