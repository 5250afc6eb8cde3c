import TicTacToeAppCore
import TicTacToeFrontEndABI

extension AppSchema {
  /// One screen's state as the values of its fields, with the screens it presents: the
  /// form-neutral middle through which the session file and the attach client read and write
  /// the app's state. ``values(of:)`` makes it from a state and ``state(from:)`` makes a state
  /// from it, both by walking the schema, so a format that maps each field's member to a
  /// ``FieldValue`` carries every field the schema gives a setter.
  public struct ScreenValues: Equatable, Sendable {
    /// The screen.
    public var feature: ttt_feature
    /// Each field's value by C name (`email`); a field absent from a format is not here.
    public var values: [String: FieldValue]
    /// The screen each presenting field (by C name: `is_game_presented`, the root's `active`)
    /// shows; absent while it shows none.
    public var presented: [String: ScreenValues]

    /// A screen with the given values.
    public init(
      feature: ttt_feature, values: [String: FieldValue] = [:],
      presented: [String: ScreenValues] = [:]
    ) {
      self.feature = feature
      self.values = values
      self.presented = presented
    }

    /// The text of the field named `name`, `""` when absent or `NULL`: what a screen whose
    /// state fixes a field at creation (`Game.State`'s names, `TwoFactor.State`'s token) is
    /// made with.
    func text(_ name: String) -> String {
      guard case .string(let text)? = values[name] else { return "" }
      return text ?? ""
    }
  }

  /// The root state as values: the shown screen under the root's `active`, and the screens it
  /// presents under their presenting fields.
  public static func values(of state: TicTacToe.State) -> ScreenValues {
    values(of: state, rootFields, feature: TTT_FEATURE_ROOT)
  }

  /// The root state `values` describe; a field without a setter (a derived one, a count the
  /// state keeps by itself) keeps what the state makes of the rest.
  public static func state(from values: ScreenValues) -> TicTacToe.State {
    restore(TicTacToe.State(), rootFields, from: values)
  }

  /// The values of `screen`'s `fields`, read from one C export of it.
  static func values<Screen>(
    of screen: Screen, _ fields: [Field<Screen>], feature: ttt_feature
  ) -> ScreenValues {
    var result = ScreenValues(feature: feature)
    guard let size = fields.first?.structSize else { return result }
    let storage = FieldStorage()
    let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    defer { base.deallocate() }
    base.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    for field in fields { field.export(screen, base, storage) }
    withExtendedLifetime(storage) {
      for field in fields {
        result.values[field.info.name] = field.info.value(in: base)
        if let shown = field.presentation?.values(screen) {
          result.presented[field.info.name] = shown
        }
      }
    }
    return result
  }

  /// `screen` with each of `fields` that has a setter set from `values`, in schema order.
  static func restore<Screen>(
    _ screen: Screen, _ fields: [Field<Screen>], from values: ScreenValues
  ) -> Screen {
    var screen = screen
    for field in fields {
      if let restore = field.restore, let value = values.values[field.info.name] {
        restore(&screen, value)
      }
      if let presentation = field.presentation {
        presentation.restore(&screen, values.presented[field.info.name])
      }
    }
    return screen
  }
}

extension AppSchema {
  /// The JSON-lines name of `feature` (`ttt_feature_json_name`): `login`, `newGame`.
  public static func jsonName(of feature: ttt_feature) -> String {
    ttt_feature_json_name(feature.rawValue).map { String(cString: $0) } ?? ""
  }

  /// The fields of `feature`'s screen, in schema order.
  public static func fields(of feature: ttt_feature) -> [FieldInfo] {
    fields.filter { $0.feature == feature }
  }
}
