/// `tictactoe --help` and `tictactoe help COMMAND`, written from ``CommandLineSpec``.
enum HelpText {
  /// The width help text is wrapped to.
  static let width = 80
  /// Where an option's help starts, so that the help of all options lines up.
  private static let helpColumn = 26

  /// The help of `command`: its synopsis, what it does, its options; for `tictactoe` on its own
  /// also the commands, the search path, the environment and the exit statuses.
  static func render(_ command: CommandLineSpec.Command) -> String {
    var lines: [String] = []
    let isMain = command.name == nil
    let usages =
      isMain
      ? CommandLineSpec.commands.map { synopsis(of: $0) }
      : [synopsis(of: command)]
    lines.append("USAGE: " + usages[0])
    lines += usages.dropFirst().map { "       " + $0 }
    lines.append("")
    for paragraph in command.description {
      lines += wrap(paragraph, width: width)
      lines.append("")
    }
    if isMain {
      lines.append("COMMANDS:")
      for sub in CommandLineSpec.commands.dropFirst() {
        lines += item(sub.usage.replacing("tictactoe ", with: ""), sub.summary)
      }
      lines.append("")
      lines.append("  Run 'tictactoe help COMMAND' for a command's own help.")
      lines.append("")
    }
    let options = CommandLineSpec.options(for: command).filter { !$0.isHidden }
    if !options.isEmpty {
      lines.append("OPTIONS:")
      for option in options { lines += item(option.usage, option.help) }
      lines.append("")
    }
    if isMain {
      lines.append("SEARCH PATH:")
      lines += wrap(CommandLineSpec.searchPath, width: width, indent: "  ")
      lines.append("")
      lines.append("ENVIRONMENT:")
      for variable in CommandLineSpec.environment { lines += item(variable.name, variable.meaning) }
      lines.append("")
      lines.append("EXIT STATUS:")
      for exit in CommandLineSpec.exitStatuses {
        lines += wrap(
          exit.meaning, width: width,
          indent: "  " + exit.status.padded(to: 7),
          continuation: String(repeating: " ", count: 9))
      }
      lines += wrap(CommandLineSpec.exitNotes, width: width, indent: "  ")
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The synopsis of `command`: `tictactoe replay LOG [--speed N | --step] [options]`.
  static func synopsis(of command: CommandLineSpec.Command) -> String {
    let options = CommandLineSpec.options(for: command).filter { !$0.isHidden }
    var words = [command.usage]
    if options.contains(where: { $0.name == "--frontend" }) { words.append("[--frontend SPEC]...") }
    if options.contains(where: { $0.name != "--frontend" && $0.name != "--help" }) {
      words.append("[options]")
    }
    return words.joined(separator: " ")
  }

  /// A term and its text, as `--help` lists them: the text beside the term, or below it when
  /// the term is too wide.
  private static func item(_ term: String, _ text: String) -> [String] {
    let lead = "  " + term
    let pad = String(repeating: " ", count: helpColumn)
    if lead.count + 2 <= helpColumn {
      return wrap(
        text, width: width, indent: lead.padded(to: helpColumn),
        continuation: pad)
    }
    return [lead] + wrap(text, width: width, indent: pad)
  }

  /// `text` wrapped at word boundaries to `width` columns: the first line after `indent`, the
  /// others after `continuation` (the indent's width of spaces by default).
  static func wrap(
    _ text: String, width: Int, indent: String = "", continuation: String? = nil
  ) -> [String] {
    let next = continuation ?? String(repeating: " ", count: indent.count)
    var lines: [String] = []
    var line = indent
    var lineIsEmpty = true
    for word in text.split(separator: " ") {
      if !lineIsEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = next
        lineIsEmpty = true
      }
      line += (lineIsEmpty ? "" : " ") + word
      lineIsEmpty = false
    }
    lines.append(line)
    return lines
  }
}

extension String {
  /// The string cut or padded with spaces to `width` characters.
  fileprivate func padded(to width: Int) -> String {
    count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
  }
}
