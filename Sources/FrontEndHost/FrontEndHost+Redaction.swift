extension FrontEndHost {
  /// `text`, a quote of what someone typed, with every secret the app holds now replaced by
  /// `***`: for the host's messages that quote input, and `ttt_host_api.redact`. Any thread.
  nonisolated func redacted(_ text: String) -> String {
    bridge.redactor.redact(text)
  }
}
