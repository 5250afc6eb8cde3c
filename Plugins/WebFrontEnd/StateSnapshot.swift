import FrontEndKit
import JSONLines

/// The state the page draws, as one JSON object, made on the store thread for every change.
///
/// Written from FrontEndKit's screen values by reflection (`Mirror`): each stored property
/// becomes a member under its own name, so a field added to a screen reaches the page with no
/// table here to update. The password is never in them (only its length crosses the ABI); the
/// page shows a fixed mask.
///
/// ```json
/// {"revision":7,"screen":"game","game":{"board":[["x","none","none"],...],"title":"..."}}
/// ```
enum StateSnapshot {
  /// The snapshot of `screen` at `revision`, with the replay's progress when one drives it.
  static func encode(_ screen: Screen, revision: UInt64, replay: ReplayStatus?) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024)
    writer.beginObject()
    writer.key("revision")
    writer.number(JSONNumber(String(revision))!)
    let screenCase = Mirror(reflecting: screen).children.first!
    writer.key("screen")
    writer.string(screenCase.label ?? "")
    // A case's payload: one screen, or a tuple of the screen and the one under it.
    let payload = Mirror(reflecting: screenCase.value)
    if payload.displayStyle == .tuple {
      for element in payload.children {
        let label = element.label ?? ""
        writer.key(label.hasPrefix(".") ? screenCase.label ?? "" : label)
        write(element.value, to: &writer)
      }
    } else {
      writer.key(screenCase.label ?? "")
      write(screenCase.value, to: &writer)
    }
    if let replay {
      writer.key("replay")
      write(replay, to: &writer)
    }
    writer.endObject()
    return writer.bytes
  }

  /// Writes `value`: strings, booleans and integers as themselves, optionals as the value or
  /// `null`, arrays as arrays, enumerations without payload by case name, anything else as an
  /// object of its stored properties.
  private static func write(_ value: Any, to writer: inout JSONWriter) {
    switch value {
    case let text as String: writer.string(text)
    case let flag as Bool: writer.bool(flag)
    case let number as Int: writer.number(number)
    case let number as UInt64: writer.number(JSONNumber(String(number))!)
    case let number as UInt32: writer.number(Int(number))
    default:
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .optional:
        if let wrapped = mirror.children.first {
          write(wrapped.value, to: &writer)
        } else {
          writer.null()
        }
      case .collection:
        writer.beginArray()
        for element in mirror.children { write(element.value, to: &writer) }
        writer.endArray()
      case .enum where mirror.children.isEmpty:
        writer.string(String(describing: value))
      default:
        writer.beginObject()
        for child in mirror.children {
          guard let label = child.label else { continue }
          writer.key(label)
          write(child.value, to: &writer)
        }
        writer.endObject()
      }
    }
  }
}
