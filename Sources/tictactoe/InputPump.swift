import Foundation
import FrontendHost
import Glibc

/// Reads standard input on a thread of its own and hands each chunk to the host on the main
/// actor, one chunk at a time: the next read waits until the host has consumed the previous
/// chunk, so a fast producer cannot make the host buffer without bound.
enum InputPump {
  /// Starts the reader thread.
  static func start(host: FrontEndHost) {
    let thread = Thread {
      let consumed = DispatchSemaphore(value: 0)
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
          DispatchQueue.main.async { MainActor.assumeIsolated { host.endOfInput() } }
          return
        }
        let chunk = Array(buffer[..<count])
        DispatchQueue.main.async {
          MainActor.assumeIsolated { host.deliverInput(chunk) { consumed.signal() } }
        }
        consumed.wait()
      }
    }
    thread.start()
  }
}
