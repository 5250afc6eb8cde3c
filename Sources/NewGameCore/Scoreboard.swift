/// The games won per player name, and the ties, across the games the new-game screen has
/// presented: what players of this game expect between two games.
///
/// Wins are kept by name, not by mark: players who swap X and O keep their score, and a new
/// name starts at zero. The scoreboard lives as long as the new-game screen (logging out
/// ends it) and is saved with a `--session`.
public struct Scoreboard: Equatable, Sendable {
  /// Games won, per player name; a name with no win is absent.
  public private(set) var wins: [String: Int]
  /// Games that ended with a full board and no winner.
  public private(set) var ties: Int

  /// A scoreboard with `wins` and `ties` (empty by default).
  public init(wins: [String: Int] = [:], ties: Int = 0) {
    self.wins = wins.filter { $0.value > 0 }
    self.ties = ties
  }

  /// Counts one finished game: a win for `winner`, or a tie when `winner` is `nil`.
  public mutating func record(winner: String?) {
    if let winner {
      wins[winner, default: 0] += 1
    } else {
      ties += 1
    }
  }

  /// Whether no game has been counted yet.
  public var isEmpty: Bool { wins.isEmpty && ties == 0 }

  /// The players with a win, most wins first, then by name: the order a front end shows.
  public var standings: [(name: String, wins: Int)] {
    wins.map { (name: $0.key, wins: $0.value) }
      .sorted { $0.wins != $1.wins ? $0.wins > $1.wins : $0.name < $1.name }
  }
}
