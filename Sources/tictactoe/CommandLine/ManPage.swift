/// The man page `tictactoe(1)`, in roff (the `man` macros), written from ``CommandLineSpec`` so
/// that it says what `--help` says. `make install` installs it; `tictactoe --print-man-page`
/// prints it, and a test compares it with `Documentation/tictactoe.1`.
enum ManPage {
  /// The page, for version `version`.
  static func render(version: String) -> String {
    var page: [String] = [
      ".TH TICTACTOE 1 \"\" \"tictactoe \(version)\" \"User Commands\"",
      ".SH NAME",
      "tictactoe \\- play TicTacToe with front ends loaded as shared libraries",
      ".SH SYNOPSIS",
    ]
    for command in CommandLineSpec.commands {
      page.append(".B " + escape(HelpText.synopsis(of: command)))
      page.append(".br")
    }
    page.removeLast()
    page.append(".SH DESCRIPTION")
    for paragraph in CommandLineSpec.commands[0].description {
      page += [".PP", escape(paragraph)]
    }
    page.append(".SH COMMANDS")
    for command in CommandLineSpec.commands.dropFirst() {
      page += [".TP", ".B " + escape(command.usage.replacing("tictactoe ", with: ""))]
      page.append(escape(command.description.joined(separator: " ")))
      let options = CommandLineSpec.options(for: command)
        .filter { !$0.isHidden && $0.name != "--help" }
      if !options.isEmpty {
        page.append("Options: " + escape(options.map(\.name).joined(separator: ", ")) + ".")
      }
    }
    page.append(".SH OPTIONS")
    for option in CommandLineSpec.options where !option.isHidden {
      page += [".TP", ".B " + escape(option.usage), escape(option.help)]
      let commands = option.commands.compactMap { $0 }.filter { $0 != "help" }
      if option.commands != CommandLineSpec.commands.map(\.name), !commands.isEmpty {
        let playing = option.commands.contains(nil) ? ["playing"] : []
        page.append("With: " + escape((playing + commands).joined(separator: ", ")) + ".")
      }
    }
    page += [".SH FILES", escape(CommandLineSpec.searchPath)]
    page.append(".SH ENVIRONMENT")
    for variable in CommandLineSpec.environment {
      page += [".TP", ".B " + escape(variable.name), escape(variable.meaning)]
    }
    page.append(".SH EXIT STATUS")
    for exit in CommandLineSpec.exitStatuses {
      page += [".TP", ".B " + escape(exit.status), escape(exit.meaning)]
    }
    page += [".PP", escape(CommandLineSpec.exitNotes)]
    page += [
      ".SH SEE ALSO",
      "The README and Documentation/ of tictactoe-host: the JSON-lines protocol "
        + "(JSONLines.md) and writing a front end (WritingAFrontEnd.md).",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// `text` as roff shows it literally: backslashes and hyphens escaped, and a line that would
  /// start with a control character (`.` or `'`) protected.
  static func escape(_ text: String) -> String {
    var escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
