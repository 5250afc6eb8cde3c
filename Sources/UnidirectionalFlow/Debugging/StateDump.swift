/// A type that controls how it appears in a ``stateDump(_:)``.
///
/// Conform to this when the default structural rendering is unhelpful or must not show
/// everything, e.g. to hide a secret behind `"<redacted>"` in test failure messages.
public protocol CustomDumpStringConvertible {
  /// The text printed in place of the value's structural dump.
  var customDumpDescription: String { get }
}

/// Renders any value as a deterministic, multi-line, indented structural description.
///
/// Used by test stores to print readable state and to diff expected against actual state
/// line by line. Structs and classes print their stored properties, enums their case and
/// payload, and unordered collections are sorted so equal values always print identically.
/// Reference cycles are cut with `TypeName(↩︎)`.
///
/// - Parameter value: The value to render.
/// - Returns: The description, one line per field, element or payload.
public func stateDump(_ value: Any) -> String {
  var dumper = StateDumper()
  return dumper.dump(value)
}

/// Recursive renderer behind ``stateDump(_:)``; tracks the objects on the current path.
private struct StateDumper {
  /// Objects currently being rendered, used to detect reference cycles.
  var objectsInProgress: Set<ObjectIdentifier> = []

  mutating func dump(_ value: Any) -> String {
    if let custom = value as? any CustomDumpStringConvertible {
      return custom.customDumpDescription
    }
    if let string = value as? String {
      return quoted(string)
    }
    if let substring = value as? Substring {
      return quoted(String(substring))
    }
    if let character = value as? Character {
      return quoted(String(character))
    }

    let mirror = Mirror(reflecting: value)
    let typeName = String(describing: type(of: value))
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return dump(wrapped.value)

    case .collection:
      let entries = mirror.children.enumerated().map { index, child in
        "[\(index)]: " + dump(child.value)
      }
      return block(open: "[", entries: entries, close: "]", empty: "[]")

    case .dictionary:
      let entries = mirror.children.map { child -> (key: String, value: String) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (dump(pair[0].value), dump(pair[1].value))
      }
      let sorted = entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      return block(open: "[", entries: sorted, close: "]", empty: "[:]")

    case .set:
      let entries = mirror.children.map { dump($0.value) }.sorted()
      return block(open: "Set([", entries: entries, close: "])", empty: "Set([])")

    case .tuple:
      return block(open: "(", entries: fields(of: mirror), close: ")", empty: "()")

    case .enum:
      return enumCase(value, mirror: mirror, typeName: typeName)

    case .class:
      let id = ObjectIdentifier(value as AnyObject)
      guard !objectsInProgress.contains(id) else { return "\(typeName)(↩︎)" }
      objectsInProgress.insert(id)
      defer { objectsInProgress.remove(id) }
      return block(
        open: "\(typeName)(", entries: classFields(of: mirror), close: ")", empty: "\(typeName)()")

    default:
      if mirror.displayStyle == nil && mirror.children.isEmpty {
        return String(describing: value)
      }
      return block(
        open: "\(typeName)(", entries: fields(of: mirror), close: ")", empty: "\(typeName)()")
    }
  }

  /// Renders `TypeName.caseName` or `TypeName.caseName(payload)`.
  private mutating func enumCase(_ value: Any, mirror: Mirror, typeName: String) -> String {
    guard let payload = mirror.children.first, let caseName = payload.label else {
      return "\(typeName).\(String(describing: value))"
    }
    let payloadMirror = Mirror(reflecting: payload.value)
    let entries =
      payloadMirror.displayStyle == .tuple
      ? fields(of: payloadMirror) : [dump(payload.value)]
    if entries.count == 1, !entries[0].contains("\n") {
      return "\(typeName).\(caseName)(\(entries[0]))"
    }
    return block(
      open: "\(typeName).\(caseName)(", entries: entries, close: ")",
      empty: "\(typeName).\(caseName)()")
  }

  /// Renders a class's stored properties, superclass properties first.
  private mutating func classFields(of mirror: Mirror) -> [String] {
    let inherited = mirror.superclassMirror.map { classFields(of: $0) } ?? []
    return inherited + fields(of: mirror)
  }

  /// Renders children as `label: value`, dropping positional tuple labels like `.0`. An
  /// `@ObservableState` struct shows its fields as declared: without its registrar, and
  /// without the `_` its tracked fields' storage has.
  private mutating func fields(of mirror: Mirror) -> [String] {
    let registrar = "_$observationRegistrar"
    let isObservable = mirror.children.contains { $0.label == registrar }
    return mirror.children.compactMap { child in
      guard child.label != registrar else { return nil }
      let rendered = dump(child.value)
      guard var label = child.label, !label.hasPrefix(".") else { return rendered }
      if isObservable, label.hasPrefix("_") { label.removeFirst() }
      return "\(label): \(rendered)"
    }
  }
}

/// Joins entries into an indented, comma-separated multi-line block.
private func block(open: String, entries: [String], close: String, empty: String) -> String {
  guard !entries.isEmpty else { return empty }
  let body = entries.map(indented).joined(separator: ",\n")
  return "\(open)\n\(body)\n\(close)"
}

/// Indents every line of `text` by two spaces.
private func indented(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "  \($0)" }
    .joined(separator: "\n")
}

/// Quotes `string`, escaping quotes, backslashes and control characters.
private func quoted(_ string: String) -> String {
  var result = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case "\0": result += "\\0"
    case _ where scalar.properties.generalCategory == .control:
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
