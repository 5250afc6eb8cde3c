import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What is checked about an observer before it is attached: at start, before any front end
/// is, and for `:attach` while the user still looks at the screen that asked, so the answer
/// shows there; and which observer `:detach NAME` means. The same checks run again when it is
/// attached.
///
/// Reads the attached front ends from the ``AttachmentRegistry``; `load` loads a front end
/// as the host would (`nil` when it cannot).
@MainActor
struct ObserverCheck {
  let registry: AttachmentRegistry
  let load: (FrontEndSpec) -> LoadedFrontEnd?

  /// Why `spec` cannot be an observer next to the attached front ends and the `planned`
  /// ones (specs given before it on the command line), or `nil`. A library that cannot be
  /// loaded is not this check's business: the attach says why (and a spec after only such
  /// libraries will own the terminal, so it is no observer).
  func problem(_ spec: FrontEndSpec, planned: [FrontEndSpec]) -> String? {
    let terminalOwner = registry.terminalOwner
    // Attached after front ends that all fail to load, it owns the terminal itself.
    let planned = planned.filter { load($0) != nil }
    guard terminalOwner != nil || !planned.isEmpty else { return nil }
    guard let loaded = load(spec), loaded.writesTerminal else { return nil }
    guard let argument = spec.argument, !argument.isEmpty else {
      let owner = terminalOwner?.name ?? planned.first.map(\.description) ?? "another front end"
      return "'\(loaded.name)' draws on the terminal, which \(owner) owns; give it an output "
        + "file as '\(spec.target):PATH'"
    }
    let path = Self.outputPath(of: argument)
    if !path.hasPrefix("/dev/"),
      let other = planned.first(where: {
        $0.argument.map { Self.absolute(Self.outputPath(of: $0)) } == Self.absolute(path)
      })
    {
      return "its file is already written by --frontend \(other) (one observer per file)"
    }
    if let other = registry.session(writingTo: path) {
      return "its file is already written by \(other.name) (one observer per file)"
    }
    let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    var status = stat()
    let parent = directory.isEmpty ? "/" : directory
    guard stat(parent, &status) == 0 else { return "no such directory: \(directory)" }
    // Only a file that would be created needs a writable directory; an existing one (or a
    // device such as /dev/pts/3) needs to be writable itself.
    let existing = stat(path, &status) == 0
    guard access(existing ? path : parent, W_OK) == 0 else {
      return "cannot write \(existing ? path : "in \(parent)"): permission denied"
    }
    return nil
  }

  /// The observer `:detach NAME` means, or why there is none: NAME is a front end's name, or
  /// the whole spec it was attached with (`jsonl:events.jsonl`) when two share a name.
  func observer(toDetach name: String) -> Result<AttachedFrontEnd, DetachRefusal> {
    let matches = registry.attachedFrontEnds.filter {
      $0.name == name || $0.spec.description == name
    }
    // A remote client's front end is not an observer: it leaves when its client does.
    let observers = matches.filter { !$0.ownsTerminal && $0.connection == nil }
    switch observers.count {
    case 1: return .success(observers[0])
    case 0: return .failure(matches.isEmpty ? .notAttached(name) : .ownsTerminal(name))
    default: return .failure(.ambiguous(name, observers.map(\.spec)))
    }
  }

  /// `path` made absolute against the current directory, without `.`, `..` or repeated `/`.
  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// The file an output argument names: `+PATH` appends to PATH.
  static func outputPath(of argument: String) -> String {
    argument.hasPrefix("+") ? String(argument.dropFirst()) : argument
  }
}
