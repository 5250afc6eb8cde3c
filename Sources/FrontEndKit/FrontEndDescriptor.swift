import Synchronization
import TicTacToeFrontEndABI

/// Builds the static descriptor a Swift front end returns from its entry symbol, with C
/// trampolines that forward the host's callbacks to a ``FrontEnd`` instance.
public enum FrontEndDescriptor {
  /// The front-end type of this shared library. Each front end is its own `.so` with its own
  /// copy of this module, so there is exactly one.
  private static let registered = Mutex<(any FrontEnd.Type)?>(nil)

  /// Makes the descriptor for `type`. Call it once, from a global `let`; the descriptor and its
  /// strings live for the life of the process, as the ABI requires.
  public static func make(
    _ type: any FrontEnd.Type,
    name: StaticString,
    description: StaticString,
    version: StaticString,
    flags: UInt32
  ) -> ExportedDescriptor {
    registered.withLock { $0 = type }
    let descriptor = UnsafeMutablePointer<ttt_frontend_descriptor>.allocate(capacity: 1)
    descriptor.initialize(
      to: ttt_frontend_descriptor(
        struct_size: UInt32(MemoryLayout<ttt_frontend_descriptor>.size),
        abi_major: TTT_ABI_VERSION_MAJOR,
        abi_minor: TTT_ABI_VERSION_MINOR,
        name: staticCString(name),
        description: staticCString(description),
        version: staticCString(version),
        flags: flags,
        attach: FrontEndDescriptor.attachTrampoline,
        detach: { instance in
          guard let instance else { return }
          let attached = Unmanaged<Attached>.fromOpaque(instance).takeRetainedValue()
          attached.frontEnd.detach()
          ObserverBox.releaseAll(host: attached.host)
        },
        on_input: nil,
        on_resize: { instance, columns, rows in
          FrontEndDescriptor.frontEnd(instance)?.resize(columns: Int(columns), rows: Int(rows))
        },
        on_suspend: { instance, resumed in
          FrontEndDescriptor.frontEnd(instance)?.suspend(resumed: resumed)
        },
        on_settled: { instance, timedOut in
          FrontEndDescriptor.frontEnd(instance)?.settled(timedOut: timedOut)
        },
        consume_input: { instance, bytes, length, flags in
          guard let frontEnd = FrontEndDescriptor.frontEnd(instance) else { return length }
          return frontEnd.input(
            UnsafeBufferPointer(start: length == 0 ? nil : bytes, count: length),
            flags: InputFlags(rawValue: flags))
        },
        on_notice: { instance, from, text in
          guard let from, let text else { return }
          FrontEndDescriptor.frontEnd(instance)?.notice(
            String(cString: text), from: String(cString: from))
        }
      ))
    return ExportedDescriptor(pointer: UnsafePointer(descriptor))
  }

  private static let attachTrampoline:
    @convention(c) (
      UnsafePointer<ttt_host_api>?, OpaquePointer?, UnsafePointer<ttt_attach_info>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> ttt_status = { api, host, info, outInstance in
      guard let api, let host, let info, let outInstance,
        let type = FrontEndDescriptor.registered.withLock({ $0 })
      else { return TTT_ERR_INVALID_ARGUMENT }
      let connection = HostConnection(api: api, host: host)
      /// Whether the host's struct has the member at `offset`, a C string (appended later).
      func has(_ offset: Int?) -> Bool {
        Int(info.pointee.struct_size) >= offset! + MemoryLayout<UnsafePointer<CChar>?>.size
      }
      let layout = MemoryLayout<ttt_attach_info>.self
      let attachInfo = AttachInfo(
        argument: info.pointee.argument.map { String(cString: $0) },
        ownsTerminal: info.pointee.owns_terminal,
        connection: has(layout.offset(of: \.connection))
          ? info.pointee.connection.map { String(cString: $0) } : nil,
        listeningPath: has(layout.offset(of: \.listening))
          ? info.pointee.listening.map { String(cString: $0) } : nil)
      do {
        let frontEnd = try type.init(host: connection, info: attachInfo)
        outInstance.pointee = Unmanaged.passRetained(Attached(frontEnd, host: host)).toOpaque()
        return TTT_OK
      } catch {
        connection.log(TTT_LOG_ERROR, "\(error)")
        return TTT_ERR_INVALID_ARGUMENT
      }
    }

  private static func frontEnd(_ instance: UnsafeMutableRawPointer?) -> (any FrontEnd)? {
    guard let instance else { return nil }
    return Unmanaged<Attached>.fromOpaque(instance).takeUnretainedValue().frontEnd
  }

  /// What the host holds as an instance: the front end, typed (so a callback calls it without
  /// a dynamic cast), and its host handle (whose observer boxes go when it detaches).
  private final class Attached {
    let frontEnd: any FrontEnd
    let host: OpaquePointer

    init(_ frontEnd: any FrontEnd, host: OpaquePointer) {
      self.frontEnd = frontEnd
      self.host = host
    }
  }

  private static func staticCString(_ string: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}

/// A front end's descriptor, made once by ``FrontEndDescriptor/make(_:name:description:version:flags:)``
/// and returned by its entry symbol.
public struct ExportedDescriptor: @unchecked Sendable {
  // Immutable static data for the life of the process: safe to share between threads.
  /// The descriptor.
  public let pointer: UnsafePointer<ttt_frontend_descriptor>
}
