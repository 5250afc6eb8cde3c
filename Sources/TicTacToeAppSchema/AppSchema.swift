/// The TicTacToe app's shape, said once: every screen's fields and every intent, from which the host's C export, reflection table, action catalog, JSON-lines forms, attach client, action log and session snapshot derive.
public enum AppSchema {}
