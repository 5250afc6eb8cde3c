import DynamicCall
import Glibc
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// The C mirror of an ``ActionCatalog`` and of the state structs' fields: what the ABI's
/// reflection routines (`action_at`, `field_at`) return.
///
/// Its strings and arrays are allocated once and never freed, which is what gives them the
/// [static] lifetime the header promises, even after the catalog changes.
final class ReflectionTable: @unchecked Sendable {
  // Written once in init, read-only afterwards.
  private let actions: UnsafeMutablePointer<ttt_action_info>
  let actionCount: Int

  init(_ catalog: ActionCatalog) {
    actionCount = catalog.entries.count
    actions = .allocate(capacity: max(actionCount, 1))
    for (index, entry) in catalog.entries.enumerated() {
      let arguments = UnsafeMutablePointer<ttt_argument_info>.allocate(
        capacity: max(entry.arguments.count, 1))
      for (position, argument) in entry.arguments.enumerated() {
        arguments[position] = ttt_argument_info(
          name: UnsafePointer(strdup(argument.name)),
          type: argument.type == .string ? TTT_TYPE_STRING.rawValue : TTT_TYPE_INT32.rawValue,
          is_secret: entry.isSecret)
      }
      actions[index] = ttt_action_info(
        struct_size: UInt32(MemoryLayout<ttt_action_info>.size),
        case_path: UnsafePointer(strdup(entry.casePath)),
        feature: entry.feature.rawValue,
        tag: entry.tag ?? 0,
        argument_count: UInt32(entry.arguments.count),
        arguments: UnsafePointer(arguments),
        summary: UnsafePointer(strdup(entry.summary)),
        argument_size: MemoryLayout<ttt_argument_info>.stride)
    }
  }

  /// The description of action `index`, or `nil` past the end.
  func action(at index: Int) -> UnsafePointer<ttt_action_info>? {
    guard index >= 0, index < actionCount else { return nil }
    return UnsafePointer(actions + index)
  }

  /// The observable fields of the state structs, as ``AppSchema/fields`` says them.
  // Immutable static data for the life of the process.
  nonisolated(unsafe) static let fields: (pointer: UnsafePointer<ttt_field_info>, count: Int) = {
    let list = AppSchema.fields.map { field in
      ttt_field_info(
        struct_size: UInt32(MemoryLayout<ttt_field_info>.size), feature: field.feature.rawValue,
        name: UnsafePointer(strdup(field.name)), type: field.type.rawValue,
        offset: field.offset, is_derived: field.isDerived,
        json_name: field.json.map { UnsafePointer(strdup($0.name)) },
        json_form: field.json?.form.rawValue ?? 0, presents: field.json?.presents.rawValue ?? 0,
        is_secret: field.isSecret)
    }
    let pointer = UnsafeMutablePointer<ttt_field_info>.allocate(capacity: list.count)
    pointer.initialize(from: list, count: list.count)
    return (UnsafePointer(pointer), list.count)
  }()
}
