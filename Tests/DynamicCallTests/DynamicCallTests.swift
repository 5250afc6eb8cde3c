import DynamicCall
import Foundation
import Synchronization
import Testing

@Suite struct DynamicCallTests {
  @Test func callsAFunctionWhoseSignatureIsKnownOnlyAtRunTime() throws {
    // strlen's type is not known to this code at compile time: only its name and a signature.
    let strlen = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "strlen"))
    let length = try DynamicCall.call(
      strlen, signature: CSignature(returns: .uint32, arguments: [.string]),
      arguments: [.string("tictactoe")])
    #expect(length == .uint32(9))

    let abs = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "abs"))
    let absolute = try DynamicCall.call(
      abs, signature: CSignature(returns: .int32, arguments: [.int32]), arguments: [.int32(-42)])
    #expect(absolute == .int32(42))
  }

  @Test func refusesArgumentsThatDoNotMatchTheSignature() throws {
    let abs = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "abs"))
    let signature = CSignature(returns: .int32, arguments: [.int32])
    #expect(throws: DynamicCallError.signatureMismatch(expected: signature, got: [.string])) {
      try DynamicCall.call(abs, signature: signature, arguments: [.string("-42")])
    }
    let error = DynamicCallError.signatureMismatch(expected: signature, got: [.string, .bool])
    #expect(
      error.description
        == "signature mismatch: the function takes (int32_t), but was given (const char *, bool)")
  }

  @Test func aClosureRoundTripDeliversItsContextAndArguments() throws {
    let received = Mutex<[[CValue]]>([])
    let context = "store #7"
    let closure = try TypedClosure(
      signature: CSignature(returns: .uint32, arguments: [.int32, .int32, .string, .bool])
    ) { arguments in
      received.withLock { $0.append(arguments) }
      // The context is whatever the closure captured.
      return .uint32(context == "store #7" ? 42 : 0)
    }
    typealias Sender = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Bool) -> UInt32
    let send = unsafeBitCast(closure.functionPointer, to: Sender.self)
    #expect(send(1, 2, "x", true) == 42)
    #expect(send(-3, 0, nil, false) == 42)
    #expect(
      received.withLock { $0 } == [
        [.int32(1), .int32(2), .string("x"), .bool(true)],
        [.int32(-3), .int32(0), .string(nil), .bool(false)],
      ])
  }

  @Test func aClosureCanBeCalledDynamically() throws {
    let closure = try TypedClosure(signature: CSignature(returns: .int32, arguments: [.int32])) {
      arguments in
      guard case .int32(let value) = arguments.first else { return .int32(-1) }
      return .int32(value * 2)
    }
    let result = try DynamicCall.call(
      closure.functionPointer, signature: closure.signature, arguments: [.int32(21)])
    #expect(result == .int32(42))
  }

  @Test func closuresWorkFromManyThreads() async throws {
    let count = Mutex(0)
    let closure = try TypedClosure(signature: CSignature(returns: .void, arguments: [])) { _ in
      count.withLock { $0 += 1 }
      return .void
    }
    let address = UInt(bitPattern: closure.functionPointer)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let function = unsafeBitCast(
            UnsafeRawPointer(bitPattern: address)!, to: (@convention(c) () -> Void).self)
          for _ in 0..<1000 { function() }
        }
      }
    }
    #expect(count.withLock { $0 } == 8000)
  }
}
