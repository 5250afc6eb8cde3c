import GameCore
import UnidirectionalFlow

extension NewGame.Action: CasePathable {
  /// The case paths of ``NewGame/Action``: `\.binding`, `\.letsPlayButtonTapped`,
  /// `\.logoutButtonTapped`, `\.game`.
  public struct AllCasePaths: Sendable {
    /// Changes to the name fields.
    public var binding: AnyCasePath<NewGame.Action, BindingAction<NewGame.State>> {
      AnyCasePath(embed: NewGame.Action.binding) {
        if case .binding(let action) = $0 { action } else { nil }
      }
    }

    /// The "Let's play!" button.
    public var letsPlayButtonTapped: AnyCasePath<NewGame.Action, Void> {
      AnyCasePath(payloadless: .letsPlayButtonTapped) {
        if case .letsPlayButtonTapped = $0 { true } else { false }
      }
    }

    /// The logout button.
    public var logoutButtonTapped: AnyCasePath<NewGame.Action, Void> {
      AnyCasePath(payloadless: .logoutButtonTapped) {
        if case .logoutButtonTapped = $0 { true } else { false }
      }
    }

    /// The presented game: `\.game.cellTapped`, `\.game.dismiss`.
    public var game: AnyCasePath<NewGame.Action, PresentationAction<Game.Action>> {
      AnyCasePath(embed: NewGame.Action.game) {
        if case .game(let action) = $0 { action } else { nil }
      }
    }
  }

  /// The case paths of ``NewGame/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
