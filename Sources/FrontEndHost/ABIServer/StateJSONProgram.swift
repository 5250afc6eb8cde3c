import JSONLines
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// The JSON-lines `state` object's members, as the reflection table describes them
/// (`json_name`, `json_form`), compiled once into steps that ``StateJSONEncoder`` follows for
/// each state. Every member of an object is always written (a value or `null`), so the keys,
/// commas and braces between two values are the same for every state: each step holds them as
/// one run of bytes written before its value, and writing an object is one copy per member.
struct StateJSONProgram {
  /// What a step writes after its bytes.
  enum Kind: UInt8 {
    /// A `const char *` as a string, `null` for NULL.
    case string
    /// A secret's length: `""` when 0, else `"<redacted>"`.
    case secret
    case bool, int32, uint32, size
    /// `[{"name": "Blob", "wins": 2}]`.
    case standings
    /// A `ttt_player`: `"x"`, `"o"` or `null`.
    case player
    /// A board of `ttt_player`, three rows of three.
    case board
    /// A bool: the object of the feature `presents` when true, else `null`.
    case presented
    /// A `ttt_feature`: a member named for it, holding its object.
    case active
    /// An object of the next steps (`alert`), `null` when one of the strings at
    /// `nullChecks` is NULL: the steps up to its end (`skip` of them) are then passed over.
    case group
    /// Nothing: its bytes close a group.
    case groupEnd
    /// A value the encoder does not know: `null`.
    case null
    /// Nothing: its bytes close the feature's object, the last step.
    case end
  }

  /// One step: its bytes in ``text``, then its value, read at `offset` in the feature's
  /// exported struct. Holds no reference, so that following the steps counts none.
  struct Step {
    let kind: Kind
    let bytes: Range<Int>
    let offset: Int
    /// For `presented`, the feature shown.
    let presents: UInt32
    /// For `group`, the offsets of its strings in ``nullChecks``.
    let nullChecks: Range<Int>
    /// For `group`, how many steps its object spans, its end included.
    let skip: Int
  }

  /// Every feature's steps, one after another.
  let steps: [Step]
  /// The index of each feature's first step, indexed by `ttt_feature`.
  let starts: [Int]
  /// The bytes the steps write.
  let text: [UInt8]
  /// The offsets of the strings a group's `null` depends on.
  let nullChecks: [Int]
  /// Each feature's `"name":`, as an `active` member's key, in ``text``, indexed by
  /// `ttt_feature`.
  let nameKeys: [Range<Int>]

  /// The steps of `fields`' JSON-lines members for each of `featureCount` features.
  init(_ fields: [AppSchema.FieldInfo], featureCount: Int) {
    var builder = Builder()
    var starts: [Int] = []
    for feature in 0..<featureCount {
      starts.append(builder.steps.count)
      builder.object(fields.filter { $0.feature.rawValue == feature && $0.json != nil })
    }
    let nameKeys = (0..<featureCount).map { feature in
      builder.bytes(
        JSONWriter.quoted(AppSchema.jsonName(of: ttt_feature(UInt32(feature))))
          + [UInt8(ascii: ":")])
    }
    self.steps = builder.steps
    self.starts = starts
    self.text = builder.text
    self.nullChecks = builder.nullChecks
    self.nameKeys = nameKeys
  }

  /// Gathers the steps, their bytes, and the bytes waiting to go before the next value.
  private struct Builder {
    var steps: [Step] = []
    var text: [UInt8] = []
    var nullChecks: [Int] = []
    var pending: [UInt8] = []

    /// `bytes` stored in the text.
    mutating func bytes(_ bytes: [UInt8]) -> Range<Int> {
      text += bytes
      return (text.count - bytes.count)..<text.count
    }

    /// A step of `kind` after the pending bytes.
    mutating func step(
      _ kind: Kind, offset: Int = 0, presents: UInt32 = 0, nullChecks: Range<Int> = 0..<0,
      skip: Int = 0
    ) {
      steps.append(
        Step(
          kind: kind, bytes: bytes(pending), offset: offset, presents: presents,
          nullChecks: nullChecks, skip: skip))
      pending = []
    }

    /// A feature's object: its members in order, a dotted name's (`alert.title`) gathered
    /// with the members after it of the same first part into one object.
    mutating func object(_ fields: [AppSchema.FieldInfo]) {
      pending += [UInt8(ascii: "{")]
      var index = 0
      while index < fields.count {
        if index > 0 { pending += [UInt8(ascii: ",")] }
        let member = fields[index].json!
        guard let dot = member.name.firstIndex(of: ".") else {
          value(fields[index], key: member.name)
          index += 1
          continue
        }
        let group = String(member.name[..<dot])
        let end =
          fields[index...].firstIndex { !$0.json!.name.hasPrefix(group + ".") } ?? fields.count
        let members = fields[index..<end]
        pending += JSONWriter.quoted(group) + [UInt8(ascii: ":")]
        let checks = nullChecks.count
        nullChecks += members.filter { $0.type == TTT_TYPE_STRING }.map(\.offset)
        step(.group, nullChecks: checks..<nullChecks.count, skip: members.count + 1)
        pending += [UInt8(ascii: "{")]
        // By index, not `zip`: its iterator's type is made at run time, at start-up (850 000
        // instructions).
        for position in members.indices {
          let field = members[position]
          if position > index { pending += [UInt8(ascii: ",")] }
          let name = field.json!.name
          value(field, key: String(name[name.index(after: name.firstIndex(of: ".")!)...]))
        }
        pending += [UInt8(ascii: "}")]
        step(.groupEnd)
        index = end
      }
      pending += [UInt8(ascii: "}")]
      step(.end)
    }

    /// The step of `field`'s value under `key` (an `active` member names its own key).
    mutating func value(_ field: AppSchema.FieldInfo, key: String) {
      let form = field.json!.form
      if form != TTT_JSON_ACTIVE { pending += JSONWriter.quoted(key) + [UInt8(ascii: ":")] }
      switch form {
      case TTT_JSON_ACTIVE: step(.active, offset: field.offset)
      case TTT_JSON_SECRET: step(.secret, offset: field.offset)
      case TTT_JSON_PLAYER where field.type == TTT_TYPE_BOARD: step(.board, offset: field.offset)
      case TTT_JSON_PLAYER: step(.player, offset: field.offset)
      case TTT_JSON_PRESENTED:
        step(.presented, offset: field.offset, presents: field.json!.presents.rawValue)
      default: step(Self.kind(of: field.type), offset: field.offset)
      }
    }

    /// How a value of C type `type` is written.
    static func kind(of type: ttt_type) -> Kind {
      switch type {
      case TTT_TYPE_STRING: .string
      case TTT_TYPE_BOOL: .bool
      case TTT_TYPE_INT32: .int32
      case TTT_TYPE_UINT32: .uint32
      case TTT_TYPE_SIZE: .size
      case TTT_TYPE_STANDINGS: .standings
      default: .null
      }
    }
  }
}
