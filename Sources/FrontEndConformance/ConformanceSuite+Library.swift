import FrontEndHost
import TicTacToeFrontEndABI

// Checks 1 to 3: the library, without attaching it.
extension ConformanceSuite {
  func checkDescriptor() -> UnsafePointer<ttt_frontend_descriptor>? {
    start(.descriptor, "while loading the library")
    if let refusal = policy.refusal(of: path) {
      finish(.descriptor, .fail("unsafe: \(refusal)"))
      return nil
    }
    let descriptor: UnsafePointer<ttt_frontend_descriptor>
    do {
      descriptor = try FrontEndLoader.open(path)
    } catch {
      finish(.descriptor, .fail(error.reason))
      return nil
    }
    let major = descriptor.pointee.abi_major
    guard major == TTT_ABI_VERSION_MAJOR else {
      finish(
        .descriptor,
        .skip(
          "it was built for ABI \(major).\(descriptor.pointee.abi_minor), whose descriptor "
            + "layout this host does not know"))
      return descriptor
    }
    do {
      _ = try FrontEndLoader.validateFields(descriptor) { reason in
        FrontEndLoadError(file: path, reason: reason)
      }
      finish(.descriptor, .ok)
    } catch {
      finish(.descriptor, .fail(error.reason))
    }
    return descriptor
  }

  func checkABIVersion(_ descriptor: UnsafePointer<ttt_frontend_descriptor>?) {
    start(.abiVersion)
    guard let descriptor else {
      finish(.abiVersion, .skip("there is no descriptor to read it from"))
      return
    }
    do {
      try FrontEndLoader.validateVersion(descriptor) { reason in
        FrontEndLoadError(file: path, reason: reason)
      }
      finish(.abiVersion, .ok)
    } catch {
      finish(.abiVersion, .fail(error.reason))
    }
  }

  func checkExports() {
    start(.exports, "while reading the dynamic symbol table")
    let symbols: ELFSymbols
    do {
      symbols = try ELFSymbols(contentsOf: path)
    } catch {
      finish(.exports, .fail("cannot read its symbols: \(error)"))
      return
    }
    let entry = TTT_FRONTEND_ENTRY_SYMBOL
    let names = symbols.interface.map(\.name)
    let others = names.filter { $0 != entry }
    if !others.isEmpty {
      let shown = others.prefix(5).joined(separator: ", ")
      let more = others.count > 5 ? ", and \(others.count - 5) more" : ""
      let count = others.count == 1 ? "1 symbol" : "\(others.count) symbols"
      finish(
        .exports,
        .fail(
          "it exports \(count) besides \(entry): \(shown)\(more); export only \(entry) (give "
            + "the library a linker version script, or make the rest static or hidden)"))
    } else if !names.contains(entry) {
      finish(.exports, .fail("it does not export \(entry)"))
    } else {
      finish(.exports, .ok)
    }
  }
}
