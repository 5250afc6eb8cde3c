extension FrontEndHost {
  /// Resolves `spec` to a library file: a path as given (made absolute against the current
  /// directory), or a stock name on the search path.
  public func resolve(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> String {
    if spec.isPath { return spec.absolutePath }
    guard let path = searchPath.locate(spec.target) else {
      // The package leaves `web` out when libmicrohttpd's header is missing (Package.swift).
      if spec.target == "web" {
        throw FrontEndLoadError(
          file: spec.target,
          reason: "the web front end was not built: install libmicrohttpd-dev (apt) and rebuild")
      }
      throw FrontEndLoadError(
        file: spec.target,
        reason: "no front end named '\(spec.target)' (looked for "
          + "\(FrontEndSearchPath.fileName(for: spec.target)) in "
          + searchPath.directories.joined(separator: ", ") + ")")
    }
    return path
  }

  /// Loads the front end `spec` (checked, not attached): what a request to switch or attach is
  /// checked with while the user still looks at the screen that asked.
  func load(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> LoadedFrontEnd {
    do {
      return try FrontEndLoader.load(path: resolve(spec), policy: loadPolicy)
    } catch {
      throw spec.explain(error)
    }
  }
}
