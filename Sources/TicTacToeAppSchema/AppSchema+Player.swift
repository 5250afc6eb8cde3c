import TicTacToeFrontEndABI
import TicTacToeGameCore

extension AppSchema {
  /// `player` as the ABI's `ttt_player`: `TTT_PLAYER_NONE` for an empty cell or no winner.
  public static func cValue(of player: Player?) -> UInt32 {
    switch player {
    case .x: TTT_PLAYER_X.rawValue
    case .o: TTT_PLAYER_O.rawValue
    case nil: TTT_PLAYER_NONE.rawValue
    }
  }

  /// The player whose `ttt_player` is `value`: `nil` for `TTT_PLAYER_NONE` or another value.
  public static func player(cValue value: UInt32) -> Player? {
    Player.allCases.first { cValue(of: $0) == value }
  }

  /// The JSON-lines text of `player` (`TTT_JSON_PLAYER`): `"x"` or `"o"`, its mark in
  /// lower case.
  public static func jsonText(of player: Player) -> String { player.mark.lowercased() }

  /// The player whose JSON-lines text is `text`, or `nil` for any other text.
  public static func player(jsonText text: String?) -> Player? {
    Player.allCases.first { jsonText(of: $0) == text }
  }
}
