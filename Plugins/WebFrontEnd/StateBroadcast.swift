import Synchronization

/// The latest state and the event streams (`GET /events`) that send it, shared by the store
/// thread, which publishes each state, and MHD's threads, which write the streams.
///
/// Each stream keeps only how far it got: the event it is writing and the version it came
/// from. A stream that has sent the latest version is suspended (out of MHD's loop, no busy
/// waiting) until the next publish resumes it; a browser that stops reading is left behind
/// on an old event and then skips straight to the latest state. Nothing queues up, and the
/// store thread never waits for a browser.
///
/// MHD does not see a browser leave while its stream is suspended, so each new stream wakes
/// the waiting ones with a comment line (`:`), a write that fails for a browser that left and
/// frees its connection: reloading the page never piles up streams.
final class StateBroadcast: Sendable {
  /// What one event stream has sent.
  private struct Stream {
    let connection: ConnectionHandle
    /// The event being written, and how much of it is written.
    var event: [UInt8] = []
    var written = 0
    /// The version `event` came from (0: none yet).
    var version: UInt64 = 0
    var isSuspended = false
    /// Whether it should check that its browser is still there (see the type's notes).
    var needsPing = false
  }

  private struct Shared {
    /// The latest state as one Server-Sent Event (`data: {...}\n\n`), and its version.
    var event: [UInt8] = []
    var version: UInt64 = 0
    var streams: [Int: Stream] = [:]
    var nextStream = 1
    var isStopped = false
  }

  private let shared = Mutex(Shared())

  /// Publishes `snapshot` (a JSON object without newlines) as the latest state and wakes the
  /// suspended streams. [store thread]
  func publish(_ snapshot: [UInt8]) {
    let event = Array("data: ".utf8) + snapshot + Array("\n\n".utf8)
    shared.withLock { shared in
      shared.event = event
      shared.version += 1
      for (id, stream) in shared.streams where stream.isSuspended {
        shared.streams[id]!.isSuspended = false
        stream.connection.resume()
      }
    }
  }

  /// Adds a stream for `connection`; `nil` once stopped. [MHD thread]
  func open(_ connection: ConnectionHandle) -> Int? {
    shared.withLock { shared in
      guard !shared.isStopped else { return nil }
      defer { shared.nextStream += 1 }
      for (id, stream) in shared.streams where stream.isSuspended {
        shared.streams[id]!.isSuspended = false
        shared.streams[id]!.needsPing = true
        stream.connection.resume()
      }
      shared.streams[shared.nextStream] = Stream(connection: connection)
      return shared.nextStream
    }
  }

  /// Forgets stream `id`: MHD is done with its connection. [MHD thread]
  func close(_ id: Int) {
    _ = shared.withLock { $0.streams.removeValue(forKey: id) }
  }

  /// What stream `id` sends next, copied into `buffer`: the rest of its event, else the latest
  /// state if it has not sent it, else nothing (0), and the stream is suspended until the
  /// next publish. -1 ends the stream (the server stops). [MHD thread, the stream's callback]
  func read(_ id: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    shared.withLock { shared in
      guard !shared.isStopped, var stream = shared.streams[id] else { return -1 }
      defer { shared.streams[id] = stream }
      if stream.written == stream.event.count {
        if stream.version < shared.version {
          stream.event = shared.event
          stream.version = shared.version
        } else if stream.needsPing {
          stream.event = Self.ping
        } else {
          stream.isSuspended = true
          stream.connection.suspend()
          return 0
        }
        stream.written = 0
        stream.needsPing = false
      }
      let count = min(buffer.count, stream.event.count - stream.written)
      stream.event.withUnsafeBytes { event in
        buffer.baseAddress!.copyMemory(
          from: event.baseAddress! + stream.written, byteCount: count)
      }
      stream.written += count
      return count
    }
  }

  /// A comment line, which the browser ignores.
  private static let ping = Array(":\n\n".utf8)

  /// Ends every stream: the suspended ones are resumed to end, and no stream opens or waits
  /// again. Called before MHD stops, which must find no connection suspended. [store thread]
  func stop() {
    shared.withLock { shared in
      shared.isStopped = true
      for (id, stream) in shared.streams where stream.isSuspended {
        shared.streams[id]!.isSuspended = false
        stream.connection.resume()
      }
    }
  }
}
