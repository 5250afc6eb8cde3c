import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Records a failure of the running test, whether Swift Testing or XCTest runs it, at
/// `sourceLocation`.
///
/// Swift Testing gets the location itself. XCTest takes a location only as a literal
/// (`StaticString`), so there the test's file and line lead the message. Outside any test,
/// nothing is recorded.
func recordTestFailure(_ message: String, at sourceLocation: SourceLocation) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return
  }
  #if canImport(XCTest)
    XCTFail("\(sourceLocation.fileID):\(sourceLocation.line): \(message)")
  #endif
}
