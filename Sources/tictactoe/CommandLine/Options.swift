import FrontEndHost

/// The command line of `tictactoe`, parsed against ``CommandLineSpec``.
///
/// The rules, as users of git and other Unix tools expect them:
/// - a command word (`replay`, `attach`, ...) may stand anywhere before `--`; its operand is the
///   first word that is not an option;
/// - options go before or after the command and its operand, as `--name VALUE` or
///   `--name=VALUE`; an option whose value may be left out (`--listen [PATH]`) takes the next
///   word only when it is not an option or a command word (`--listen=PATH` always does);
/// - `--` ends the options: every word after it is an operand, even one starting with `-`;
/// - `-` as a file operand is standard input (`replay -`);
/// - `--help` or `-h` anywhere shows the help of the command on the line, even when the rest of
///   the line has an error.
struct Options {
  /// The command on the line (`tictactoe` on its own is the command with no name).
  var command = CommandLineSpec.commands[0]
  var frontEnds: [FrontEndSpec] = []
  var frontEndDirectories: [String] = []
  var authDelay: Duration = .seconds(1)
  var settleTimeout: Duration = .seconds(10)
  /// `--session FILE`: where the game is restored from and kept.
  var session: String?
  /// `--record LOG`: where every processed action is logged.
  var record: String?
  /// `replay LOG`: the log to replay (`-` for standard input), and `--speed N`, its pace.
  var replay: String?
  var replaySpeed: Double?
  /// `--step`: replay one line of the log per line of standard input.
  var replayStep = false
  var listFrontEnds = false
  /// `--allow-unsafe-frontends`: load libraries that other users could have written.
  var allowUnsafeFrontEnds = false
  /// `check-frontend PATH`: the library to check.
  var checkFrontEnd: String?
  /// The hidden `--check-child PATH` and `--check-scratch DIR` of the process that runs the
  /// checks for `check-frontend`.
  var checkChild: String?
  var checkScratch: String?
  /// `--help`, `-h` or `help [COMMAND]`: the command whose help to show.
  var help: CommandLineSpec.Command?
  var showVersion = false
  /// `completion SHELL`: the shell whose completion script to print.
  var completion: String?
  /// The hidden `--print-man-page`.
  var printManPage = false
  /// `--listen [PATH]`: accept clients on a Unix socket; `.some(nil)` for the default path.
  var listen: String??
  /// `attach [PATH]`: the socket of the `--listen` host whose game to show; `.some(nil)` for
  /// the newest of this user's sockets at the default place.
  var attach: String??

  /// A usage error: the message, printed with a hint to the command's help; exit status 2.
  struct UsageError: Error {
    let message: String
    /// The command whose help the hint names.
    var command: CommandLineSpec.Command = CommandLineSpec.commands[0]

    /// How to get help for the command.
    var hint: String {
      "Run '\(["tictactoe", "help", command.name].compactMap { $0 }.joined(separator: " "))' "
        + "for usage."
    }
  }

  /// Parses the raw bytes of `arguments` (without the program name), as the kernel gave them.
  ///
  /// Every argument must be UTF-8: paths are kept as the host was given them, never rewritten
  /// (Swift would put U+FFFD in place of each invalid byte, and the host would open another
  /// file), so a path that is not UTF-8 is a usage error naming it with its bytes escaped.
  /// `--help` still wins.
  static func parse(rawArguments arguments: [[UInt8]]) throws(UsageError) -> Options {
    let invalid = arguments.first { String(validating: $0, as: UTF8.self) == nil }
    let decoded = arguments.map { String(decoding: $0, as: UTF8.self) }
    guard let invalid else { return try parse(decoded) }
    let message =
      "'\(escaped(invalid))' is not valid UTF-8: tictactoe takes paths and names in UTF-8 "
      + "only (rename the file, or give a link to it whose name is UTF-8)"
    let options: Options
    do {
      options = try parse(decoded)
    } catch {
      throw UsageError(message: message, command: error.command)
    }
    if options.help != nil { return options }
    throw UsageError(message: message, command: options.command)
  }

  /// `bytes` with every byte that is not printable ASCII written as `\xHH`.
  static func escaped(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
        ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
    }.joined()
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var given: [(option: CommandLineSpec.Option, value: String?)] = []
    var operands: [String] = []
    var commandGiven = false
    var firstError: String?
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if !optionsEnded, argument == "--" {
        optionsEnded = true
        continue
      }
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        if !optionsEnded, !commandGiven, operands.isEmpty,
          let command = CommandLineSpec.command(named: argument)
        {
          options.command = command
          commandGiven = true
        } else {
          operands.append(argument)
        }
        continue
      }
      var word = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        word = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = CommandLineSpec.option(spelled: word) else {
        firstError = firstError ?? "unknown option '\(argument)'"
        continue
      }
      guard let valueSpec = option.value else {
        if inlineValue != nil { firstError = firstError ?? "\(option.name) takes no value" }
        given.append((option, nil))
        continue
      }
      if let inlineValue {
        given.append((option, inlineValue))
      } else if valueSpec.isOptional {
        if let next = remaining.first, !next.hasPrefix("-"),
          CommandLineSpec.command(named: next) == nil
        {
          given.append((option, remaining.removeFirst()))
        } else {
          given.append((option, nil))
        }
      } else if let next = remaining.popFirst() {
        given.append((option, next))
      } else {
        firstError = firstError ?? "\(option.name) needs a value (\(valueSpec.name))"
      }
    }
    if options.command.name == "help" {
      // `help [COMMAND]`: the operand names the command whose help to show.
      guard operands.count <= 1 else {
        throw UsageError(message: "help takes one COMMAND", command: options.command)
      }
      guard let topic = operands.first else {
        options.help = CommandLineSpec.commands[0]
        return options
      }
      guard let command = CommandLineSpec.command(named: topic), topic != "help" else {
        let names = CommandLineSpec.commands.compactMap(\.name).joined(separator: ", ")
        throw UsageError(message: "no command named '\(topic)' (the commands: \(names))")
      }
      options.help = command
      return options
    }
    if given.contains(where: { $0.option.name == "--help" }) {
      options.help = options.command
      return options
    }
    if let firstError { throw UsageError(message: firstError, command: options.command) }
    try options.take(operands)
    for (option, value) in given {
      try options.apply(option, value: value)
    }
    try options.checkCombinations()
    return options
  }

  /// Takes the command's operand from `operands`.
  private mutating func take(_ operands: [String]) throws(UsageError) {
    guard let operand = command.operand else {
      if let extra = operands.first {
        throw UsageError(message: "unexpected argument '\(extra)'", command: command)
      }
      return
    }
    let name = command.name ?? "tictactoe"
    guard operands.count <= 1 else {
      throw UsageError(message: "\(name) takes one \(operand.name)", command: command)
    }
    if name == "attach" { attach = .some(nil) }
    guard let value = operands.first else {
      if operand.isOptional { return }
      throw UsageError(message: "\(name) needs a \(operand.name)", command: command)
    }
    guard !value.isEmpty else {
      throw UsageError(message: "\(name) needs a \(operand.name), not ''", command: command)
    }
    switch name {
    case "replay": replay = value
    case "attach": attach = value
    case "check-frontend": checkFrontEnd = value
    case "completion":
      guard CommandLineSpec.shells.contains(value) else {
        throw UsageError(
          message: "completion knows \(CommandLineSpec.shells.joined(separator: ", ")), "
            + "not '\(value)'",
          command: command)
      }
      completion = value
    default: break
    }
  }

  /// Applies one option given on the line, after checking that it goes with the command.
  private mutating func apply(
    _ option: CommandLineSpec.Option, value: String?
  ) throws(UsageError) {
    guard option.commands.contains(command.name) else {
      let usages = option.commands.compactMap { CommandLineSpec.command(named: $0)?.usage }
      let message =
        command.name.map { "\($0) does not take \(option.name)" }
        ?? "\(option.name) is for \(usages.map { "'\($0)'" }.joined(separator: " and "))"
      throw UsageError(message: message, command: command)
    }
    func seconds() throws(UsageError) -> Duration {
      let text = value ?? ""
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
        throw UsageError(
          message: "\(option.name) takes a number of seconds from 0 to 86400, not '\(text)'",
          command: command)
      }
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
    func file(_ name: String) throws(UsageError) -> String {
      let path = value ?? ""
      guard !path.isEmpty else {
        throw UsageError(message: "\(option.name) needs a \(name)", command: command)
      }
      guard path != "-" else {
        throw UsageError(
          message: "\(option.name) needs a \(name): '-' would be standard input or output, "
            + "which belong to the front end that owns the terminal",
          command: command)
      }
      return path
    }
    switch option.name {
    case "--frontend":
      let spec = value ?? ""
      guard !spec.isEmpty else {
        throw UsageError(message: "--frontend needs a SPEC", command: command)
      }
      frontEnds.append(FrontEndSpec(spec))
    case "--frontend-dir": frontEndDirectories.append(try file("DIR"))
    case "--list-frontends": listFrontEnds = true
    case "--allow-unsafe-frontends": allowUnsafeFrontEnds = true
    case "--check-child": checkChild = value
    case "--check-scratch": checkScratch = value
    case "--auth-delay": authDelay = try seconds()
    case "--settle-timeout": settleTimeout = try seconds()
    case "--session": session = try file("FILE")
    case "--record": record = try file("LOG")
    case "--speed":
      let text = value ?? ""
      guard let speed = Double(text), ReplayDriver.speeds.contains(speed) else {
        throw UsageError(
          message: "--speed takes a number from \(ReplayDriver.speeds.lowerBound) to "
            + "\(Int(ReplayDriver.speeds.upperBound)), not '\(text)'",
          command: command)
      }
      replaySpeed = speed
    case "--step": replayStep = true
    case "--listen":
      if let value, value.isEmpty {
        throw UsageError(message: "--listen needs a PATH", command: command)
      }
      listen = .some(value)
    case "--version": showVersion = true
    case "--print-man-page": printManPage = true
    default: break
    }
  }

  /// Refuses options that do not go together.
  private func checkCombinations() throws(UsageError) {
    if replaySpeed != nil, replayStep {
      throw UsageError(message: "--speed and --step cannot go together", command: command)
    }
    if replay == "-", replayStep {
      throw UsageError(
        message: "--step reads standard input, so the LOG cannot be standard input too",
        command: command)
    }
  }
}
