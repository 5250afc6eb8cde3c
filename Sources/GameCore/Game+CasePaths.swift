import UnidirectionalFlow

extension Game.Action: CasePathable {
  /// The case paths of ``Game/Action``: `\.cellTapped`, `\.playAgainButtonTapped`,
  /// `\.quitButtonTapped`.
  public struct AllCasePaths: Sendable {
    /// A tap on a cell, with its coordinates.
    public var cellTapped: AnyCasePath<Game.Action, (row: Int, column: Int)> {
      AnyCasePath(
        embed: { Game.Action.cellTapped(row: $0.row, column: $0.column) },
        extract: { if case .cellTapped(let row, let column) = $0 { (row, column) } else { nil } }
      )
    }

    /// The "Play again?" button.
    public var playAgainButtonTapped: AnyCasePath<Game.Action, Void> {
      AnyCasePath(payloadless: .playAgainButtonTapped) {
        if case .playAgainButtonTapped = $0 { true } else { false }
      }
    }

    /// The quit button.
    public var quitButtonTapped: AnyCasePath<Game.Action, Void> {
      AnyCasePath(payloadless: .quitButtonTapped) {
        if case .quitButtonTapped = $0 { true } else { false }
      }
    }
  }

  /// The case paths of ``Game/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
