import RingBuffer
import Testing

@Suite struct RingTests {
  @Test func keepsEverythingUntilFull() {
    var ring = Ring<Int>(capacity: 4)
    #expect(ring.isEmpty)
    for value in 1...3 { ring.append(value) }
    #expect(Array(ring) == [1, 2, 3])
    #expect(ring.first == 1)
    #expect(ring.last == 3)
  }

  @Test func dropsTheOldestOnceFull() {
    var ring = Ring<Int>(capacity: 3)
    for value in 1...7 { ring.append(value) }
    #expect(ring.count == 3)
    #expect(Array(ring) == [5, 6, 7])
    #expect(ring[0] == 5)
    #expect(ring[ring.count - 1] == 7)
  }

  @Test(arguments: [1, 2, 5, 1000])
  func matchesTheLastElementsOfEverythingAppended(capacity: Int) {
    var ring = Ring<Int>(capacity: capacity)
    var appended: [Int] = []
    for value in 0..<(3 * capacity + 1) {
      ring.append(value)
      appended.append(value)
      #expect(Array(ring) == Array(appended.suffix(capacity)))
    }
  }
}
