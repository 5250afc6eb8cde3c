import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The dynamic symbols an ELF64 shared library defines: what `nm -D --defined-only` lists,
/// read from the file's section headers (`SHT_DYNSYM` and the string table its `sh_link`
/// names) without loading it.
public struct ELFSymbols: Sendable {
  /// A defined global or weak dynamic symbol.
  public struct Symbol: Equatable, Sendable {
    /// The symbol's name.
    public var name: String
    /// `STB_GLOBAL` (1), `STB_WEAK` (2) or `STB_GNU_UNIQUE` (10).
    public var binding: UInt8
    /// `STT_FUNC` (2), `STT_OBJECT` (1), `STT_NOTYPE` (0), ...
    public var type: UInt8
  }

  /// Why a file could not be read as an ELF64 shared library.
  public struct ReadError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var description: String
  }

  /// The defined global and weak symbols of `.dynsym`, in table order; version definition
  /// names (`NODE_1.0`) and section and file symbols are left out.
  public let defined: [Symbol]

  /// Names the static linker defines in every shared library, which are not the library's own
  /// interface.
  public static let linkerNames: Set<String> = [
    "_init", "_fini", "_edata", "_end", "__bss_start", "_DYNAMIC", "_GLOBAL_OFFSET_TABLE_",
    "__data_start", "data_start", "__dso_handle", "_IO_stdin_used", "__end__", "__bss_end__",
    "__bss_start__", "_bss_end__", "__TMC_END__", "__GNU_EH_FRAME_HDR",
  ]

  /// The defined symbols other than the linker's own.
  public var interface: [Symbol] { defined.filter { !Self.linkerNames.contains($0.name) } }

  /// Reads the symbols of the file at `path`.
  public init(contentsOf path: String) throws(ReadError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(description: "cannot read \(path)")
    }
    try self.init(bytes: [UInt8](data))
  }

  /// Reads the symbols of an ELF64 image held in `bytes`.
  public init(bytes: [UInt8]) throws(ReadError) {
    let file = try ELFFile(bytes)
    let sections = try file.sectionHeaders()
    guard let dynsym = sections.first(where: { $0.type == ELFFile.dynamicSymbolTable }) else {
      throw ReadError(description: "it has no dynamic symbol table (.dynsym)")
    }
    guard Int(dynsym.link) < sections.count else {
      throw ReadError(description: "its .dynsym links to a missing string table")
    }
    let strings = sections[Int(dynsym.link)]
    var versionNames: Set<String> = []
    for section in sections where section.type == ELFFile.versionDefinitions {
      guard Int(section.link) < sections.count else { continue }
      versionNames.formUnion(
        try file.versionDefinitionNames(section, strings: sections[Int(section.link)]))
    }
    defined = try file.symbols(dynsym, strings: strings).filter {
      $0.isDefined && $0.isExternal && !$0.isSectionOrFile && !versionNames.contains($0.name)
    }.map { Symbol(name: $0.name, binding: $0.binding, type: $0.type) }
  }
}

/// The parts of an ELF64 file the symbol reader needs, with bounds-checked reads in the
/// file's byte order.
private struct ELFFile {
  static let dynamicSymbolTable: UInt32 = 11  // SHT_DYNSYM
  static let versionDefinitions: UInt32 = 0x6fff_fffd  // SHT_GNU_verdef

  struct Section {
    var type: UInt32
    var offset: Int
    var size: Int
    var link: UInt32
    var info: UInt32
    var entrySize: Int
  }

  struct RawSymbol {
    var name: String
    var binding: UInt8
    var type: UInt8
    var sectionIndex: UInt16

    var isDefined: Bool { sectionIndex != 0 }  // SHN_UNDEF
    var isExternal: Bool { binding == 1 || binding == 2 || binding == 10 }
    var isSectionOrFile: Bool { type == 3 || type == 4 }  // STT_SECTION, STT_FILE
  }

  let bytes: [UInt8]
  let isLittleEndian: Bool

  init(_ bytes: [UInt8]) throws(ELFSymbols.ReadError) {
    guard bytes.count >= 64, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c,
      bytes[3] == 0x46
    else { throw ELFSymbols.ReadError(description: "it is not an ELF file") }
    guard bytes[4] == 2 else {
      throw ELFSymbols.ReadError(description: "it is not a 64-bit ELF file")
    }
    guard bytes[5] == 1 || bytes[5] == 2 else {
      throw ELFSymbols.ReadError(description: "its ELF byte order (\(bytes[5])) is unknown")
    }
    self.bytes = bytes
    self.isLittleEndian = bytes[5] == 1
  }

  func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) throws(ELFSymbols.ReadError)
    -> T
  {
    let size = MemoryLayout<T>.size
    guard offset >= 0, offset <= bytes.count - size else {
      throw ELFSymbols.ReadError(
        description: "it is truncated (a read at \(offset) is past the end)")
    }
    var value: T = 0
    for index in 0..<size {
      let byte = T(bytes[offset + (isLittleEndian ? size - 1 - index : index)])
      value = value << 8 | byte
    }
    return value
  }

  func offset(_ value: UInt64) throws(ELFSymbols.ReadError) -> Int {
    guard value <= UInt64(bytes.count) else {
      throw ELFSymbols.ReadError(description: "an offset (\(value)) is past the end of the file")
    }
    return Int(value)
  }

  func sectionHeaders() throws(ELFSymbols.ReadError) -> [Section] {
    let tableOffset = try offset(integer(UInt64.self, at: 0x28))
    let entrySize = Int(try integer(UInt16.self, at: 0x3a))
    var count = Int(try integer(UInt16.self, at: 0x3c))
    guard tableOffset != 0 else {
      throw ELFSymbols.ReadError(description: "it has no section headers")
    }
    guard entrySize >= 64 else {
      throw ELFSymbols.ReadError(description: "its section headers are \(entrySize) bytes")
    }
    if count == 0 {
      // Extended numbering: the real count is the first section header's sh_size.
      count = try offset(integer(UInt64.self, at: tableOffset + 0x20))
    }
    guard count <= (bytes.count - tableOffset) / entrySize else {
      throw ELFSymbols.ReadError(description: "its section header table is truncated")
    }
    var sections: [Section] = []
    for index in 0..<count {
      let header = tableOffset + index * entrySize
      sections.append(
        Section(
          type: try integer(UInt32.self, at: header + 0x04),
          offset: try offset(integer(UInt64.self, at: header + 0x18)),
          size: try offset(integer(UInt64.self, at: header + 0x20)),
          link: try integer(UInt32.self, at: header + 0x28),
          info: try integer(UInt32.self, at: header + 0x2c),
          entrySize: try offset(integer(UInt64.self, at: header + 0x38))))
    }
    return sections
  }

  func string(at index: UInt32, in table: Section) throws(ELFSymbols.ReadError) -> String {
    let start = table.offset + Int(index)
    let end = min(table.offset + table.size, bytes.count)
    guard Int(index) < table.size, start < end else {
      throw ELFSymbols.ReadError(description: "a symbol name is outside its string table")
    }
    var stop = start
    while stop < end, bytes[stop] != 0 { stop += 1 }
    return String(decoding: bytes[start..<stop], as: UTF8.self)
  }

  func symbols(_ table: Section, strings: Section) throws(ELFSymbols.ReadError) -> [RawSymbol] {
    let entrySize = table.entrySize == 0 ? 24 : table.entrySize
    guard entrySize >= 24 else {
      throw ELFSymbols.ReadError(description: "its .dynsym entries are \(entrySize) bytes")
    }
    var symbols: [RawSymbol] = []
    // Entry 0 is the reserved undefined symbol.
    for index in 1..<max(1, table.size / entrySize) {
      let entry = table.offset + index * entrySize
      let info = try integer(UInt8.self, at: entry + 4)
      symbols.append(
        RawSymbol(
          name: try string(at: integer(UInt32.self, at: entry), in: strings),
          binding: info >> 4, type: info & 0xf,
          sectionIndex: try integer(UInt16.self, at: entry + 6)))
    }
    return symbols
  }

  /// The names `SHT_GNU_verdef` defines (the linker adds an absolute symbol for each).
  func versionDefinitionNames(_ section: Section, strings: Section) throws(ELFSymbols.ReadError)
    -> [String]
  {
    var names: [String] = []
    var entry = section.offset
    for _ in 0..<min(Int(section.info), 4096) {
      let auxiliary = Int(try integer(UInt32.self, at: entry + 12))
      names.append(try string(at: integer(UInt32.self, at: entry + auxiliary), in: strings))
      let next = Int(try integer(UInt32.self, at: entry + 16))
      guard next != 0 else { break }
      entry += next
    }
    return names
  }
}
