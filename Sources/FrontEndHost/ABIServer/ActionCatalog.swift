import DynamicCall
import Glibc
import JSONLines
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Every user intent front ends can send: its case path, feature, arguments and how to build
/// the app action. The ABI's reflection (`action_at`, `send_path`, `make_sender`) and the typed
/// `ttt_action` tags are both served from here, so an intent added to the catalog reaches every
/// front end without a change to any of them.
///
/// Effect-only actions (server responses) are not in the catalog: no front end can send them.
/// A path under one is told apart from a path that names nothing by the schema
/// (`HostAPI.missingAction`, ABI 1.5's `TTT_ERR_EFFECT_ONLY`).
public struct ActionCatalog: Sendable {
  /// One user intent. A class, so that a send hands one reference along its checks instead
  /// of copying the entry's strings, arguments and closure at every step.
  public final class Entry: Sendable {
    /// The action's case path from the root, as JSON-lines writes it: `newGame.game.cellTapped`.
    public let casePath: String
    /// The feature the action belongs to (which must be on screen for it to be sent).
    public let feature: HostFeature
    /// Its `ttt_action_tag`, or `nil` for an intent added after ABI 1.0.
    public let tag: UInt32?
    /// Its arguments, in call order: names and C types (`.string` or `.int32`).
    public let arguments: [(name: String, type: CType)]
    /// Whether its argument is a secret (the password), which no message may repeat.
    public let isSecret: Bool
    /// One line for humans.
    public let summary: String
    /// Builds the app action from arguments whose types were already checked, read where the
    /// sender holds them (valid during the call). A send of a standard intent makes no list of
    /// them; one registered through the public initialiser copies them into the `[CValue]` its
    /// `make` takes, one array per send.
    let build: Build

    /// What builds an intent's app action from its arguments.
    typealias Build =
      @Sendable (UnsafeBufferPointer<CValue>) -> Result<TicTacToe.Action, HostCallError>

    /// Why a state whose screen is on top still does not take it (the schema's requirement:
    /// the alert it dismisses is not shown), or `nil` for an intent its screen always takes.
    let refusal: (@Sendable (TicTacToe.State) -> String?)?

    /// Describes an intent. Each send copies its arguments into the array `make` takes (the
    /// standard intents build theirs in place, without that copy).
    public convenience init(
      casePath: String, feature: HostFeature, tag: UInt32? = nil,
      arguments: [(name: String, type: CType)] = [], isSecret: Bool = false, summary: String,
      make: @escaping @Sendable ([CValue]) -> Result<TicTacToe.Action, HostCallError>
    ) {
      self.init(
        casePath: casePath, feature: feature, tag: tag, arguments: arguments, isSecret: isSecret,
        summary: summary, refusal: nil, build: { make(Array($0)) })
    }

    /// Describes an intent that `refusal` may refuse.
    init(
      casePath: String, feature: HostFeature, tag: UInt32?,
      arguments: [(name: String, type: CType)],
      isSecret: Bool, summary: String, refusal: (@Sendable (TicTacToe.State) -> String?)?,
      build: @escaping Build
    ) {
      self.refusal = refusal
      self.casePath = casePath
      self.feature = feature
      self.tag = tag
      self.arguments = arguments
      self.isSecret = isSecret
      self.summary = summary
      self.build = build
    }
  }

  /// The entries, in catalog order.
  public private(set) var entries: [Entry] = []
  private var indexByPath: [String: Int] = [:]
  private var indexByTag: [UInt32: Int] = [:]
  /// The entries by the hash of their case path's UTF-8 bytes, for lookups by C string.
  private var indexByPathHash: [Int: Int] = [:]

  /// Adds `entry`; a later entry with the same case path replaces the earlier one.
  public mutating func add(_ entry: Entry) {
    if let index = indexByPath[entry.casePath] {
      entries[index] = entry
    } else {
      indexByPath[entry.casePath] = entries.count
      entries.append(entry)
    }
    if let tag = entry.tag { indexByTag[tag] = indexByPath[entry.casePath] }
    var path = entry.casePath
    let hash = path.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
    indexByPathHash[hash] = indexByPath[entry.casePath]
  }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    Int(truncatingIfNeeded: PathHash.of(bytes))
  }

  private static func path(_ entry: Entry, is bytes: UnsafeRawBufferPointer) -> Bool {
    var path = entry.casePath
    return path.withUTF8 { own in
      own.count == bytes.count
        && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
    }
  }

  /// The entry for `casePath`.
  public func entry(casePath: String) -> Entry? { indexByPath[casePath].map { entries[$0] } }

  /// Where the entry for `casePath` is in ``entries``: its index in the reflection table too.
  func index(casePath: String) -> Int? { indexByPath[casePath] }

  /// The entry whose case path is the UTF-8 `bytes`, found without making a `String` of
  /// them (`send_values` names its intent with a C string for every action).
  func entry(casePath bytes: UnsafeRawBufferPointer) -> Entry? {
    if let index = indexByPathHash[Self.hash(bytes)], Self.path(entries[index], is: bytes) {
      return entries[index]
    }
    // Another path with the same hash, or none.
    return entries.first { Self.path($0, is: bytes) }
  }

  /// The entry for a `ttt_action_tag`.
  func entry(tag: UInt32) -> Entry? { indexByTag[tag].map { entries[$0] } }

  /// Builds the action for `entry` from `arguments`, checking their count and types first.
  func action(
    _ entry: Entry, arguments: [CValue]
  ) -> Result<TicTacToe.Action, HostCallError> {
    arguments.withUnsafeBufferPointer { action(entry, arguments: $0) }
  }

  /// Builds the action for `entry` from `arguments`, which the caller holds during the call,
  /// checking their count and types first.
  func action(
    _ entry: Entry, arguments: UnsafeBufferPointer<CValue>
  ) -> Result<TicTacToe.Action, HostCallError> {
    let matches =
      entry.arguments.count == arguments.count
      && zip(entry.arguments, arguments).allSatisfy { $0.type == $1.type }
    guard matches else {
      let got = arguments.map(\.type)
      let takes = entry.arguments.map { "\($0.name): \(typeName($0.type))" }.joined(separator: ", ")
      let given = got.map(typeName).joined(separator: ", ")
      return .failure(
        .invalid("\(entry.casePath) takes (\(takes)), but was given (\(given))"))
    }
    return entry.build(arguments)
  }

  private func typeName(_ type: CType) -> String {
    switch type {
    case .string: "string"
    case .int32: "int32"
    case .bool: "bool"
    case .uint32: "uint32"
    case .pointer: "pointer"
    case .void: "void"
    }
  }
}
