import DynamicCall
import Glibc
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

  /// The observable fields of the state structs, with their offsets.
  // Immutable static data for the life of the process.
  nonisolated(unsafe) static let fields: (pointer: UnsafePointer<ttt_field_info>, count: Int) = {
    func field<Root>(
      _ feature: HostFeature, _ name: String, _ type: ttt_type, _ keyPath: PartialKeyPath<Root>,
      derived: Bool = false
    ) -> ttt_field_info {
      ttt_field_info(
        struct_size: UInt32(MemoryLayout<ttt_field_info>.size), feature: feature.rawValue,
        name: UnsafePointer(strdup(name)), type: type.rawValue,
        offset: MemoryLayout<Root>.offset(of: keyPath)!, is_derived: derived)
    }
    let list: [ttt_field_info] = [
      field(.root, "active", TTT_TYPE_UINT32, \ttt_root_state.active),
      field(.login, "email", TTT_TYPE_STRING, \ttt_login_state.email),
      field(.login, "password_length", TTT_TYPE_SIZE, \ttt_login_state.password_length),
      field(.login, "is_form_valid", TTT_TYPE_BOOL, \ttt_login_state.is_form_valid),
      field(
        .login, "is_login_request_in_flight", TTT_TYPE_BOOL,
        \ttt_login_state.is_login_request_in_flight),
      field(.login, "alert_title", TTT_TYPE_STRING, \ttt_login_state.alert_title),
      field(
        .login, "is_two_factor_presented", TTT_TYPE_BOOL, \ttt_login_state.is_two_factor_presented
      ),
      field(
        .login, "is_login_button_enabled", TTT_TYPE_BOOL,
        \ttt_login_state.is_login_button_enabled, derived: true),
      field(
        .login, "is_activity_indicator_visible", TTT_TYPE_BOOL,
        \ttt_login_state.is_activity_indicator_visible, derived: true),
      field(
        .login, "is_form_disabled", TTT_TYPE_BOOL, \ttt_login_state.is_form_disabled,
        derived: true),
      field(.twoFactor, "token_length", TTT_TYPE_SIZE, \ttt_two_factor_state.token_length),
      field(.twoFactor, "code", TTT_TYPE_STRING, \ttt_two_factor_state.code),
      field(.twoFactor, "is_form_valid", TTT_TYPE_BOOL, \ttt_two_factor_state.is_form_valid),
      field(
        .twoFactor, "is_two_factor_request_in_flight", TTT_TYPE_BOOL,
        \ttt_two_factor_state.is_two_factor_request_in_flight),
      field(.twoFactor, "alert_title", TTT_TYPE_STRING, \ttt_two_factor_state.alert_title),
      field(
        .twoFactor, "is_submit_button_enabled", TTT_TYPE_BOOL,
        \ttt_two_factor_state.is_submit_button_enabled, derived: true),
      field(
        .twoFactor, "is_activity_indicator_visible", TTT_TYPE_BOOL,
        \ttt_two_factor_state.is_activity_indicator_visible, derived: true),
      field(
        .twoFactor, "is_form_disabled", TTT_TYPE_BOOL, \ttt_two_factor_state.is_form_disabled,
        derived: true),
      field(.newGame, "o_player_name", TTT_TYPE_STRING, \ttt_new_game_state.o_player_name),
      field(.newGame, "x_player_name", TTT_TYPE_STRING, \ttt_new_game_state.x_player_name),
      field(.newGame, "is_game_presented", TTT_TYPE_BOOL, \ttt_new_game_state.is_game_presented),
      field(
        .newGame, "is_lets_play_button_enabled", TTT_TYPE_BOOL,
        \ttt_new_game_state.is_lets_play_button_enabled, derived: true),
      field(.newGame, "ties", TTT_TYPE_UINT32, \ttt_new_game_state.ties),
      field(.newGame, "standing_count", TTT_TYPE_SIZE, \ttt_new_game_state.standing_count),
      field(.game, "board", TTT_TYPE_BOARD, \ttt_game_state.board),
      field(.game, "current_player", TTT_TYPE_UINT32, \ttt_game_state.current_player),
      field(.game, "o_player_name", TTT_TYPE_STRING, \ttt_game_state.o_player_name),
      field(.game, "x_player_name", TTT_TYPE_STRING, \ttt_game_state.x_player_name),
      field(.game, "winner", TTT_TYPE_UINT32, \ttt_game_state.winner, derived: true),
      field(.game, "is_tied", TTT_TYPE_BOOL, \ttt_game_state.is_tied, derived: true),
      field(
        .game, "is_board_disabled", TTT_TYPE_BOOL, \ttt_game_state.is_board_disabled,
        derived: true),
      field(
        .game, "is_play_again_button_visible", TTT_TYPE_BOOL,
        \ttt_game_state.is_play_again_button_visible, derived: true),
      field(.game, "title", TTT_TYPE_STRING, \ttt_game_state.title, derived: true),
      field(.game, "alert_title", TTT_TYPE_STRING, \ttt_game_state.alert_title),
    ]
    let pointer = UnsafeMutablePointer<ttt_field_info>.allocate(capacity: list.count)
    pointer.initialize(from: list, count: list.count)
    return (UnsafePointer(pointer), list.count)
  }()
}
