/// The completion scripts for bash, zsh and fish, written from ``CommandLineSpec``:
/// `tictactoe completion SHELL` prints one, `make install` installs all three, and a test
/// compares them with the files under `Documentation/completions/`.
///
/// They complete the command words, each command's options, and values by kind: files,
/// directories, the stock front ends' names, the shells' names and the commands' names.
enum Completions {
  /// The script for `shell` (`bash`, `zsh` or `fish`).
  static func render(for shell: String) -> String {
    switch shell {
    case "bash": bash()
    case "zsh": zsh()
    default: fish()
    }
  }

  /// The stock front ends, offered where a front end is asked for.
  static let stockFrontEnds = ["ansi", "text", "jsonl", "web"]

  private static var commandNames: [String] {
    CommandLineSpec.commands.compactMap(\.name)
  }

  private static func visibleOptions(
    for command: CommandLineSpec.Command
  ) -> [CommandLineSpec.Option] {
    CommandLineSpec.options(for: command).filter { !$0.isHidden }
  }

  /// The words that complete a value of `kind`, for a shell's word list, or `nil` where the
  /// shell completes files or directories itself.
  private static func words(for kind: CommandLineSpec.ValueKind) -> [String]? {
    switch kind {
    case .frontEnd: stockFrontEnds
    case .command: commandNames
    case .shell: CommandLineSpec.shells
    case .file, .directory, .number: nil
    }
  }

  /// The first sentence of `text`, without its full stop, as a completion's one-line help.
  private static func firstSentence(of text: String) -> String {
    let sentence = text.firstRange(of: ". ").map { String(text[..<$0.lowerBound]) } ?? text
    return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }

  // MARK: bash

  private static func bash() -> String {
    var script = [
      "# bash completion for tictactoe (written by 'tictactoe completion bash')",
      "_tictactoe() {",
      "  local cur prev command= word i",
      "  cur=${COMP_WORDS[COMP_CWORD]}",
      "  prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    word=${COMP_WORDS[i]}",
      "    case $word in",
      "      \(commandNames.joined(separator: "|"))) command=$word; break ;;",
      "    esac",
      "  done",
      "  case $prev in",
    ]
    var valued: [(String, CommandLineSpec.ValueKind)] = []
    for option in CommandLineSpec.options where !option.isHidden {
      if let value = option.value, !value.isOptional { valued.append((option.name, value.kind)) }
    }
    for (name, kind) in valued {
      script.append("    \(name)) \(bashValue(kind)); return ;;")
    }
    script += [
      "  esac",
      "  if [[ $cur == -* ]]; then",
      "    case $command in",
    ]
    for command in CommandLineSpec.commands {
      let names = visibleOptions(for: command).flatMap { [$0.shortName, $0.name] }
        .compactMap { $0 }
      script.append(
        "      \(command.name ?? "''")) COMPREPLY=($(compgen -W '\(names.joined(separator: " "))' "
          + "-- \"$cur\")) ;;")
    }
    script += [
      "    esac",
      "    return",
      "  fi",
      "  case $command in",
      "    '') COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " "))' -- \"$cur\")) ;;",
    ]
    for command in CommandLineSpec.commands.dropFirst() {
      guard let name = command.name, let operand = command.operand else { continue }
      script.append("    \(name)) \(bashValue(operand.kind)) ;;")
    }
    script += ["  esac", "}", "complete -F _tictactoe tictactoe", ""]
    return script.joined(separator: "\n")
  }

  private static func bashValue(_ kind: CommandLineSpec.ValueKind) -> String {
    switch kind {
    case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
    case .number: return "COMPREPLY=()"
    case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
    case .frontEnd:
      let list = stockFrontEnds.joined(separator: " ")
      return "COMPREPLY=($(compgen -W '\(list)' -- \"$cur\") $(compgen -f -- \"$cur\"))"
    case .command, .shell:
      let list = (words(for: kind) ?? []).joined(separator: " ")
      return "COMPREPLY=($(compgen -W '\(list)' -- \"$cur\"))"
    }
  }

  // MARK: zsh

  private static func zsh() -> String {
    var script = [
      "#compdef tictactoe",
      "# zsh completion for tictactoe (written by 'tictactoe completion zsh')",
      "_tictactoe() {",
      "  local command=${words[(r)(\(commandNames.joined(separator: "|")))]}",
      "  case $command in",
    ]
    for command in CommandLineSpec.commands {
      var specs = visibleOptions(for: command).map(zshOption)
      if let operand = command.operand {
        let optional = operand.isOptional ? ":" : ""
        specs.append("'\(optional)1:\(operand.name):\(zshValue(operand.kind))'")
      } else if command.name == nil {
        let described = CommandLineSpec.commands.dropFirst().map {
          "\($0.name ?? "")\\:\"\(zshEscape($0.summary).replacing("\"", with: "\\\""))\""
        }
        specs.append("'1:command:((\(described.joined(separator: " "))))'")
      }
      script.append("    \(command.name ?? "''"))")
      script.append("      _arguments -s \\")
      script += specs.map { "        \($0) \\" }
      script.append("        && return ;;")
    }
    script += ["  esac", "}", "_tictactoe \"$@\"", ""]
    return script.joined(separator: "\n")
  }

  /// One `_arguments` spec, quoted for zsh: `'*--frontend=[help]:SPEC:action'`.
  private static func zshOption(_ option: CommandLineSpec.Option) -> String {
    let help = zshEscape(firstSentence(of: option.help))
    var value = ""
    if let spec = option.value {
      value = (spec.isOptional ? "=-" : "=") + "[\(help)]:\(spec.name):\(zshValue(spec.kind))'"
    } else {
      value = "[\(help)]'"
    }
    guard let short = option.shortName else {
      return "'\(option.isRepeatable ? "*" : "")\(option.name)\(value)"
    }
    return "'(\(short) \(option.name))'{\(short),\(option.name)}'\(value)"
  }

  private static func zshValue(_ kind: CommandLineSpec.ValueKind) -> String {
    switch kind {
    case .file: "_files"
    case .directory: "_files -/"
    case .number: " "
    case .frontEnd:
      "{_alternative \"names\\:front end\\:(\(stockFrontEnds.joined(separator: " ")))\" "
        + "\"files\\:file\\:_files\"}"
    case .command, .shell: "(\((words(for: kind) ?? []).joined(separator: " ")))"
    }
  }

  /// `text` inside a single-quoted `_arguments` spec's description.
  private static func zshEscape(_ text: String) -> String {
    text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]")
      .replacing(":", with: "\\:")
  }

  // MARK: fish

  private static func fish() -> String {
    var script = [
      "# fish completion for tictactoe (written by 'tictactoe completion fish')",
      "complete -c tictactoe -f",
    ]
    let commandList = commandNames.joined(separator: " ")
    for command in CommandLineSpec.commands.dropFirst() {
      guard let name = command.name else { continue }
      script.append(
        "complete -c tictactoe -n 'not __fish_seen_subcommand_from \(commandList)' "
          + "-a \(name) -d '\(fishEscape(command.summary))'")
      if let operand = command.operand {
        script.append(
          "complete -c tictactoe -n '__fish_seen_subcommand_from \(name)' "
            + fishValue(operand.kind))
      }
    }
    for option in CommandLineSpec.options where !option.isHidden {
      let conditions = option.commands.map { name in
        name.map { "__fish_seen_subcommand_from \($0)" }
          ?? "not __fish_seen_subcommand_from \(commandList)"
      }
      var line = "complete -c tictactoe -n '\(conditions.joined(separator: "; or "))'"
      line += " -l \(option.name.dropFirst(2))"
      if let short = option.shortName { line += " -s \(short.dropFirst())" }
      if let value = option.value {
        line += value.isOptional ? "" : " -r"
        line += " " + fishValue(value.kind)
      }
      line += " -d '\(fishEscape(firstSentence(of: option.help)))'"
      script.append(line)
    }
    script.append("")
    return script.joined(separator: "\n")
  }

  private static func fishValue(_ kind: CommandLineSpec.ValueKind) -> String {
    switch kind {
    case .file: "-F"
    case .directory: "-a '(__fish_complete_directories)'"
    case .number: "-x"
    case .frontEnd: "-F -a '\(stockFrontEnds.joined(separator: " "))'"
    case .command, .shell: "-x -a '\((words(for: kind) ?? []).joined(separator: " "))'"
    }
  }

  private static func fishEscape(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
  }
}
