import HostIO

/// The `--session` file: kept current from now on, until the host exits.
extension FrontEndHost {
  /// Saves the game to `file` after every change, before any output shows that change; see
  /// ``SessionKeeper``. The store's state is the one to keep (restored from the file already,
  /// if it held one).
  public func keepSession(in file: SessionFile) {
    sessionKeeper?.stop()
    sessionKeeper = SessionKeeper(file: file, store: store) { [unowned self] in diagnostics($0) }
  }
}
