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

  /// The most games one count holds: far more than anyone plays, small enough for every
  /// front end's 32-bit field. A count there stays there instead of overflowing, and a
  /// session file with a larger one is not a session this game wrote.
  public static let maximumCount = 1_000_000_000

  /// A scoreboard with `wins` and `ties` (empty by default), each count at most
  /// ``maximumCount``.
  public init(wins: [String: Int] = [:], ties: Int = 0) {
    self.wins = wins.filter { $0.value > 0 }.mapValues { min($0, Self.maximumCount) }
    self.ties = min(ties, Self.maximumCount)
  }

  /// Counts one finished game: a win for `winner`, or a tie when `winner` is `nil`.
  public mutating func record(winner: String?) {
    if let winner {
      wins[winner] = Self.incremented(wins[winner] ?? 0)
    } else {
      ties = Self.incremented(ties)
    }
  }

  /// `count` plus one, saturating at ``maximumCount``.
  private static func incremented(_ count: Int) -> Int {
    count < maximumCount ? count + 1 : maximumCount
  }

  /// Whether no game has been counted yet.
  public var isEmpty: Bool { wins.isEmpty && ties == 0 }

  /// The players with a win, most wins first, then by name: the order a front end shows.
  public var standings: [(name: String, wins: Int)] {
    wins.map { (name: $0.key, wins: $0.value) }
      .sorted { $0.wins != $1.wins ? $0.wins > $1.wins : $0.name < $1.name }
  }
}
