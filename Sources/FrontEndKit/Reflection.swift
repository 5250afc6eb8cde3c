import Glibc
import TicTacToeFrontEndABI

/// A user intent as the host describes it at run time (ABI 1.1 reflection): what a generic
/// front end needs to send any intent, including ones added to the app after it was written.
public struct ActionDescription: Equatable {
  /// One argument of an intent.
  public struct Argument: Equatable {
    /// Its name: `value`, `row`, `column`.
    public var name: String
    /// Its C type: `TTT_TYPE_STRING` or `TTT_TYPE_INT32`.
    public var type: ttt_type
    /// Whether it is a secret that no message may repeat.
    public var isSecret: Bool
  }

  /// The case path from the root: `newGame.game.cellTapped`.
  public var casePath: String
  /// The feature it belongs to.
  public var feature: ttt_feature
  /// Its arguments, in call order.
  public var arguments: [Argument]
  /// One line for humans.
  public var summary: String
}

/// A typed argument value for ``HostConnection/send(casePath:arguments:)``.
public enum ArgumentValue: Equatable {
  /// A string (`TTT_TYPE_STRING`).
  case string(String)
  /// A 32-bit integer (`TTT_TYPE_INT32`).
  case int32(Int32)
}

extension HostConnection {
  /// Whether the host implements ABI 1.1 reflection.
  public var supportsReflection: Bool {
    api.pointee.abi_minor >= 1
      && Int(api.pointee.struct_size) >= MemoryLayout<ttt_host_api>.size
  }

  /// Every user intent the host accepts, in the host's order.
  public func actions() -> [ActionDescription] {
    guard supportsReflection else { return [] }
    let count = api.pointee.action_count!(host)
    return (0..<count).compactMap { index in
      guard let info = api.pointee.action_at!(host, index)?.pointee else { return nil }
      // Stepped through by the host's argument_size: the entries may grow at the end. (A host
      // that loads a FrontEndKit front end is 1.2 or later, so the field is there.)
      let entries = UnsafeRawPointer(info.arguments)
      let arguments = (0..<Int(info.argument_count)).map { position in
        let argument = entries!.advanced(by: position * info.argument_size)
          .assumingMemoryBound(to: ttt_argument_info.self).pointee
        return ActionDescription.Argument(
          name: String(cString: argument.name), type: ttt_type(rawValue: argument.type),
          isSecret: argument.is_secret)
      }
      return ActionDescription(
        casePath: String(cString: info.case_path), feature: ttt_feature(rawValue: info.feature),
        arguments: arguments, summary: String(cString: info.summary))
    }
  }

  /// Whether `casePath` names a server response, which only the app's effects send, rather
  /// than nothing at all: the host's `find_action` (ABI 1.5) answers `TTT_ERR_EFFECT_ONLY`.
  /// `false` from an older host, which cannot tell.
  public func isEffectOnly(casePath: String) -> Bool {
    guard api.pointee.abi_minor >= 5,
      Int(api.pointee.struct_size) >= MemoryLayout<ttt_host_api>.size
    else { return false }
    var info: UnsafePointer<ttt_action_info>?
    return casePath.withCString { api.pointee.find_action!(host, $0, &info) }
      == TTT_ERR_EFFECT_ONLY
  }

  /// Sends the intent at `casePath` through the root handle; returns `nil` or the host's error.
  @discardableResult
  public func send(casePath: String, arguments: [ArgumentValue]) -> String? {
    guard supportsReflection else { return "the host does not implement ABI 1.1 reflection" }
    // The strings are passed as they are held, for the length of the call (the host copies
    // what it keeps): no copy of each, and the values on the stack, so no allocation.
    let status = withUnsafeTemporaryAllocation(of: ttt_value.self, capacity: arguments.count) {
      values in
      Self.withValues(of: arguments[...], into: values, from: 0) {
        casePath.withCString { path in
          api.pointee.send_values!(
            root, path, values.baseAddress, values.count, MemoryLayout<ttt_value>.stride)
        }
      }
    }
    return status == TTT_OK ? nil : lastError
  }

  /// Calls `body` once `values`, from `index` on, hold one `ttt_value` for each of
  /// `arguments`, each string's pointer valid during the call.
  private static func withValues<R>(
    of arguments: ArraySlice<ArgumentValue>, into values: UnsafeMutableBufferPointer<ttt_value>,
    from index: Int, _ body: () -> R
  ) -> R {
    guard let first = arguments.first else { return body() }
    switch first {
    case .string(let text):
      return text.withCString { pointer in
        values.initializeElement(
          at: index,
          to: ttt_value(type: TTT_TYPE_STRING.rawValue, string: pointer, int32: 0, boolean: false))
        return withValues(of: arguments.dropFirst(), into: values, from: index + 1, body)
      }
    case .int32(let value):
      values.initializeElement(
        at: index,
        to: ttt_value(type: TTT_TYPE_INT32.rawValue, string: nil, int32: value, boolean: false))
      return withValues(of: arguments.dropFirst(), into: values, from: index + 1, body)
    }
  }
}
