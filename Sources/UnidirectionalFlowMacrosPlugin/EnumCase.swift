import SwiftSyntax

/// One case of an enum, as its case path sees it: a name and the values it carries.
struct EnumCase {
  /// One value a case carries.
  struct Payload {
    /// Its label (`row` in `cellTapped(row: Int, column: Int)`), if it has one.
    let label: String?
    /// Its type, without a default value.
    let type: TypeSyntax
  }

  /// The case's element, for diagnostics.
  let element: EnumCaseElementSyntax
  /// The values it carries, in order.
  let payload: [Payload]
  /// The doc comment written above the case, one line per entry, without `///`.
  let documentation: [String]

  /// The name as written (with backticks, if it has them).
  var name: String { element.name.text }

  /// The name without backticks, for comparing cases.
  var bareName: String { element.name.identifier?.name ?? element.name.text }

  /// The cases of `enumDecl`, in order.
  static func cases(of enumDecl: EnumDeclSyntax) -> [EnumCase] {
    enumDecl.memberBlock.members.flatMap { member -> [EnumCase] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      let documentation = docLines(of: caseDecl.leadingTrivia)
      return caseDecl.elements.map { element in
        let payload = (element.parameterClause?.parameters ?? []).map { parameter in
          let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
          return Payload(label: label, type: parameter.type.trimmed)
        }
        return EnumCase(element: element, payload: payload, documentation: documentation)
      }
    }
  }

  /// The text of the `///` lines in `trivia`.
  private static func docLines(of trivia: Trivia) -> [String] {
    trivia.compactMap { piece in
      guard case .docLineComment(let line) = piece else { return nil }
      let text = line.dropFirst(3)
      return String(text.first == " " ? text.dropFirst() : text)
    }
  }

  /// The type of the case path's value: `Void`, the payload's type, or a tuple of them.
  var valueType: String {
    switch payload.count {
    case 0: "Void"
    case 1: payload[0].type.description
    default:
      "("
        + payload.map { ($0.label.map { "\($0): " } ?? "") + $0.type.description }
        .joined(separator: ", ") + ")"
    }
  }

  /// A closure that wraps a value in this case.
  var embed: String {
    switch payload.count {
    case 0: "{ _ in .\(name) }"
    case 1: "{ .\(name)(\(argumentLabel(0))$0) }"
    default:
      "{ .\(name)("
        + payload.indices.map { "\(argumentLabel($0))$0.\($0)" }.joined(separator: ", ") + ") }"
    }
  }

  /// A closure that returns the payload of a value in this case, or `nil`.
  var extract: String {
    switch payload.count {
    case 0: "{ if case .\(name) = $0 { () } else { nil } }"
    default:
      "{ if case .\(name)("
        + payload.indices.map { "let value\($0)" }.joined(separator: ", ") + ") = $0 { "
        + (payload.count == 1
          ? "value0" : "(" + payload.indices.map { "value\($0)" }.joined(separator: ", ") + ")")
        + " } else { nil } }"
    }
  }

  private func argumentLabel(_ index: Int) -> String {
    payload[index].label.map { "\($0): " } ?? ""
  }
}
