import FoundationEssentials
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
