#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether to send colours, following https://no-color.org: when `NO_COLOR` is set to a
/// non-empty value, no colour is sent (bold, underline and reverse video still are).
///
/// ```swift
/// var renderer = Renderer(colors: ColorPolicy.colorsEnabled())
/// ```
public enum ColorPolicy {
  /// Whether colours are enabled given an environment (`NO_COLOR` absent or empty).
  public static func colorsEnabled(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Whether colours are enabled in this process's environment.
  public static func colorsEnabled() -> Bool {
    let value = getenv("NO_COLOR").map { String(cString: $0) }
    return colorsEnabled(environment: value.map { ["NO_COLOR": $0] } ?? [:])
  }
}
