import Foundation

/// The C fixture `Tests/Fixtures/FrontEnds/misbehaving.c`, compiled with `cc` into a fresh
/// directory that the host's load policy accepts (absolute, mode 755, owned by the user).
struct MisbehavingFrontEnd {
  /// The compiled library.
  let library: String
  /// The file it writes one line per change to (its `:ARG`).
  let output: String

  /// Compiles the fixture with `-D<define>` (for example `MISBEHAVE_ABORTS_IN_GAME`).
  init(_ define: String) throws {
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ansi-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard chmod(directory.path, 0o755) == 0 else { throw TmuxError("cannot chmod \(directory)") }
    library = directory.appendingPathComponent("libmisbehaving.so").path
    output = directory.appendingPathComponent("changes").path
    let compiled = try ChildProcess.run(
      "/usr/bin/env",
      [
        "cc", "-std=c11", "-shared", "-fPIC", "-Wall", "-Werror", "-D\(define)", "-I",
        repository.appendingPathComponent("Sources/TicTacToeFrontEndABI/include").path,
        repository.appendingPathComponent("Tests/Fixtures/FrontEnds/misbehaving.c").path,
        "-o", library,
      ])
    guard compiled.status == 0 else { throw TmuxError("cc failed: \(compiled.output)") }
  }

  /// The `--frontend` spec that attaches it as an observer.
  var spec: String { "\(library):\(output)" }
}
