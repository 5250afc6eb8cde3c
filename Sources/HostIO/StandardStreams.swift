#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard input, output and error as the host uses them: non-blocking, and never shared
/// with another process's idea of blocking.
///
/// Setting `O_NONBLOCK` on an inherited descriptor would change it for every process sharing
/// it (the shell, the other side of a pipe). So a pipe, FIFO or terminal is opened again
/// through `/proc/self/fd/N`, which gives the host a description of its own to make
/// non-blocking. A socket is read and written with `MSG_DONTWAIT` instead; a regular file
/// never blocks and is used as it is.
///
/// A stream that was closed when the process started (`>&-`) is noted, and its number is
/// taken by `/dev/null`, so that no file the host opens later lands on it by accident.
public struct StandardStreams: Sendable {
  /// Standard input.
  public let input: Stream
  /// Standard output.
  public let output: Stream
  /// Standard error.
  public let error: Stream

  /// One standard stream.
  public struct Stream: Sendable {
    /// The descriptor to use: the reopened one, or the inherited one.
    public let descriptor: Int32
    /// Whether it is a socket (use `send`/`recv` with `MSG_DONTWAIT`).
    public let isSocket: Bool
    /// Whether it was closed when the process started.
    public let wasClosed: Bool
    /// Its name in messages: "standard output".
    public let name: String
  }

  /// Prepares the three streams; call once, early, before opening anything else.
  public static func prepare() -> StandardStreams {
    let closed = (0...2).map { fcntl(Int32($0), F_GETFD) < 0 }
    // Fill the holes first, lowest first, so each /dev/null lands on its own number.
    for number in 0...2 where closed[number] {
      let opened = open("/dev/null", number == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0, opened != Int32(number) {
        dup2(opened, Int32(number))
        close(opened)
      }
    }
    return StandardStreams(
      input: stream(0, closed: closed[0], name: "standard input"),
      output: stream(1, closed: closed[1], name: "standard output"),
      error: stream(2, closed: closed[2], name: "standard error"))
  }

  /// The streams as they are, for a host inside a process that owns its descriptors (tests).
  public static let inherited = StandardStreams(
    input: Stream(descriptor: 0, isSocket: false, wasClosed: false, name: "standard input"),
    output: Stream(descriptor: 1, isSocket: false, wasClosed: false, name: "standard output"),
    error: Stream(descriptor: 2, isSocket: false, wasClosed: false, name: "standard error"))

  private static func stream(_ number: Int32, closed: Bool, name: String) -> Stream {
    guard !closed else {
      return Stream(descriptor: number, isSocket: false, wasClosed: true, name: name)
    }
    var status = stat()
    guard fstat(number, &status) == 0 else {
      return Stream(descriptor: number, isSocket: false, wasClosed: false, name: name)
    }
    switch status.st_mode & S_IFMT {
    case S_IFSOCK:
      return Stream(descriptor: number, isSocket: true, wasClosed: false, name: name)
    case S_IFIFO, S_IFCHR:
      let access = fcntl(number, F_GETFL) & O_ACCMODE
      let reopened = open(
        "/proc/self/fd/\(number)", access | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
      return Stream(
        descriptor: reopened >= 0 ? reopened : number, isSocket: false, wasClosed: false,
        name: name)
    default:
      return Stream(descriptor: number, isSocket: false, wasClosed: false, name: name)
    }
  }
}
