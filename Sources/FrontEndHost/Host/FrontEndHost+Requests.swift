import FoundationEssentials
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What front ends ask of the host, checked when asked and carried out after the callback that
/// asked.
extension FrontEndHost {
  /// Queues a front end's request, carried out after the current callback returns.
  func enqueueRequest(
    _ kind: UInt32, argument: String, from session: AttachedFrontEnd
  ) throws(HostCallError) {
    guard !session.isDetaching else {
      // It would be carried out after detach returns, by a front end that is gone.
      throw HostCallError(
        status: TTT_ERR_DETACHED, message: "requests made while detaching are refused")
    }
    let request = try HostRequest(kind: kind, argument: argument)
    if remote != nil {
      switch request {
      case .rewind, .undo:
        throw .invalid("this is a client of a tictactoe --listen host, which keeps the history")
      default: break
      }
    }
    if session.connection != nil {
      switch request {
      case .switchTerminal:
        throw .invalid(
          "a client of the host's socket cannot switch front ends; close the connection and "
            + "attach again")
      case .rewind, .undo:
        // Taking back what everyone sees is for the person at the host's terminal.
        throw .invalid(
          "a client of the host's socket cannot rewind or undo; only the host's terminal can")
      default: break
      }
    }
    switch request {
    case .switchTerminal(let target), .attach(let target):
      // Load it now, so that a front end that cannot be loaded is refused while the user is
      // still looking at the screen that asked.
      do {
        _ = try load(FrontEndSpec(target))
      } catch {
        throw .unknown(describing(target, error.description))
      }
      if case .attach = request, let problem = observerProblem(FrontEndSpec(target)) {
        throw .invalid(describing(target, "cannot attach \(target): \(problem)"))
      }
    case .detach(let name):
      if let reason = whyCannotDetach(name) { throw .unknown(describing(name, reason)) }
    // A replay's state is the log's: going back is refused as an intent is.
    case .rewind where bridge.isReadOnly, .undo where bridge.isReadOnly:
      throw .inactive(StoreBridge.replayRefusal)
    case .rewind(let revision):
      if case .failure(let error) = history.target(revision: revision) { throw error }
    case .undo:
      if case .failure(let error) = history.beforeLastMove() { throw error }
    default: break
    }
    switch request {
    // Hold input back from now on, not from when the request is carried out, so that no input
    // (or end of input) reaches a front end that is about to settle or go.
    case .settle, .switchTerminal, .rewind, .undo: inputGate(of: session).hold()
    case .quit: inputGate(of: session).close()
    default: break
    }
    requests.append(request, from: session, secrets: bridge.redactor.current)
  }

  func perform(_ entry: RequestQueue.Entry) {
    bridge.redactor.holding(entry.secrets) { carryOut(entry) }
  }

  private func carryOut(_ entry: RequestQueue.Entry) {
    switch entry.request {
    case .switchTerminal(let target):
      switchTerminal(from: entry.session, to: target)
      input.release()
    case .attach(let target): attachObserver(target, requestedBy: entry.session)
    case .detach(let name): detachByName(name, requestedBy: entry.session)
    case .quit where entry.session.connection != nil: closeConnection(of: entry.session)
    case .quit: quit(.requested(by: entry.session))
    case .settle: settle(for: entry.session)
    case .rewind(let revision):
      report(rewind(toRevision: revision), for: entry.session)
      inputGate(of: entry.session).release()
    case .undo:
      report(undoMove(), for: entry.session)
      inputGate(of: entry.session).release()
    case .clientLeft: detach(entry.session)
    case .dropFailedOutput(let reason):
      say("tictactoe: detaching \(entry.session.name): \(reason)")
      detach(entry.session)
    }
  }

  /// Logs why a rewind asked for earlier cannot be carried out now (the history moved on).
  private func report(_ result: Result<Void, HostCallError>, for session: AttachedFrontEnd) {
    if case .failure(let error) = result {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: "cannot rewind: \(error.message)")
    }
  }

  func switchTerminal(from session: AttachedFrontEnd, to target: String) {
    let spec = FrontEndSpec(target)
    // Check the new front end can be loaded before giving up the current one (the request was
    // checked when it was made; the library may have gone since).
    do {
      _ = try load(spec)
    } catch {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot switch: " + describing(target, error.description))
      return
    }
    let wasOwner = session.ownsTerminal
    detach(session)
    if case .failure(let error) = attach(spec, ownsTerminal: wasOwner) {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot switch: " + describing(target, error.description))
      // Fall back to the front end that asked, so the user is never left without a screen.
      if case .failure(let error) = attach(session.spec, ownsTerminal: wasOwner) {
        diagnostics("tictactoe: \(error)")
        quit(.noFrontEnd)
      }
    }
  }

  func attachObserver(_ target: String, requestedBy session: AttachedFrontEnd) {
    if case .failure(let error) = attach(FrontEndSpec(target), ownsTerminal: false) {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot attach: " + describing(target, error.description))
    }
  }

  func detachByName(_ name: String, requestedBy session: AttachedFrontEnd) {
    switch observer(toDetach: name) {
    case .success(let target): detach(target)
    case .failure(let refusal):
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot detach: " + describing(name, refusal.description))
    }
  }

  /// Why a request to detach the front end `name` cannot be carried out, or `nil`: one attached
  /// observer has that name (or spec), or an attach request already queued will attach one.
  private func whyCannotDetach(_ name: String) -> String? {
    guard case .failure(let refusal) = observer(toDetach: name) else { return nil }
    guard case .notAttached = refusal else { return refusal.description }
    let queued = requests.pending.contains { request in
      guard case .attach(let target) = request else { return false }
      return target == name || (try? load(FrontEndSpec(target)))?.name == name
    }
    return queued ? nil : refusal.description
  }
}

/// What is checked about an observer before it is attached: at start, before any front end
/// is, and for `:attach` while the user still looks at the screen that asked, so the answer
/// shows there. The same checks run again when it is attached.
extension FrontEndHost {
  /// Why `spec` cannot be an observer next to the attached front ends and the `planned`
  /// ones (specs given before it on the command line), or `nil`. A library that cannot be
  /// loaded is not this check's business: the attach says why (and a spec after only such
  /// libraries will own the terminal, so it is no observer).
  public func observerProblem(_ spec: FrontEndSpec, planned: [FrontEndSpec] = []) -> String? {
    // Attached after front ends that all fail to load, it owns the terminal itself.
    let planned = planned.filter { (try? load($0)) != nil }
    guard terminalOwner != nil || !planned.isEmpty else { return nil }
    guard let loaded = try? load(spec), loaded.writesTerminal else { return nil }
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
    if let other = session(writingTo: path) {
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

  /// The attached observer whose output is the regular file or FIFO at `path`, if any (the
  /// same file under another name counts). Devices are left out: two observers on
  /// `/dev/null` harm nobody.
  func session(writingTo path: String) -> AttachedFrontEnd? {
    var status = stat()
    guard stat(path, &status) == 0,
      status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFIFO
    else { return nil }
    let identity = FileIdentity(status)
    return attachedFrontEnds.first { session in
      session.outputs.contains { $0.isOwned && $0.file == identity }
    }
  }

  /// The observer `:detach NAME` means, or why there is none: NAME is a front end's name, or
  /// the whole spec it was attached with (`jsonl:events.jsonl`) when two share a name.
  func observer(toDetach name: String) -> Result<AttachedFrontEnd, DetachRefusal> {
    let matches = attachedFrontEnds.filter { $0.name == name || $0.spec.description == name }
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

/// Why `:detach NAME` names no single observer.
enum DetachRefusal: Error, CustomStringConvertible {
  /// No front end has that name.
  case notAttached(String)
  /// The front end of that name owns the terminal.
  case ownsTerminal(String)
  /// Several observers have that name; their specs tell them apart.
  case ambiguous(String, [FrontEndSpec])

  var description: String {
    switch self {
    case .notAttached(let name): "no attached observer is named '\(name)'"
    case .ownsTerminal(let name):
      "'\(name)' owns the terminal; switch to another front end instead"
    case .ambiguous(let name, let specs):
      "\(specs.count) observers are named '\(name)' ("
        + specs.map { "'\($0)'" }.joined(separator: ", ")
        + "); name one by its spec, e.g. :detach \(specs[0])"
    }
  }
}

/// A file's identity (device and inode), the same whatever path reaches it.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the file open on `descriptor`, or `nil`.
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }
}
