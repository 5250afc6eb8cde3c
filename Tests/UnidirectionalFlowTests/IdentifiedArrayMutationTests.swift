import Testing
import UnidirectionalFlow

private struct Item: Identifiable, Equatable {
  let id: Int
  var name = ""
}

struct IdentifiedArrayMutationTests {
  private func ids(_ array: IdentifiedArrayOf<Item>) -> [Int] { array.map(\.id) }

  @Test func insertPlacesANewElementAndRefusesAKnownIdentifier() {
    var array: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2)]
    let inserted = array.insert(Item(id: 3), at: 1)
    #expect(inserted == (true, 1))
    #expect(ids(array) == [1, 3, 2])
    let refused = array.insert(Item(id: 2, name: "other"), at: 0)
    #expect(refused == (false, 2))
    #expect(array[id: 2]?.name == "")
  }

  @Test func removeAtOffsetsRemovesEveryOffsetOnce() {
    var array: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
    array.remove(atOffsets: [3, 0, 3])
    #expect(ids(array) == [2, 3])
    #expect(array[id: 1] == nil)
    #expect(array[id: 4] == nil)
  }

  @Test(arguments: [
    ([0], 3, [2, 3, 1, 4]),
    ([3], 0, [4, 1, 2, 3]),
    ([0, 2], 4, [2, 4, 1, 3]),
    ([1, 3], 1, [1, 2, 4, 3]),
    ([2], 2, [1, 2, 3, 4]),
  ])
  func moveKeepsTheMovedElementsInOrderBeforeTheDestination(
    source: [Int], destination: Int, expected: [Int]
  ) {
    var array: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
    array.move(fromOffsets: source, toOffset: destination)
    #expect(ids(array) == expected)
    #expect(array.count == 4)
  }
}
