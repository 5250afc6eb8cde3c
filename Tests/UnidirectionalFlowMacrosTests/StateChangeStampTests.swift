import Foundation
import Observation
import Testing
import UnidirectionalFlowMacros

@testable import UnidirectionalFlow

@ObservableState
private struct Child: Equatable {
  var count = 0
}

@ObservableState
private struct Parent: Equatable {
  var name = ""
  var other = 0
  var child: Child?
}

/// `StateChangeStamp`: what a read read is counted, and only that, and only by setters.
@MainActor
@Suite struct StateChangeStampTests {
  @Test func aStampStaysCurrentUntilAStateItReadIsSet() {
    var parent = Parent(child: Child())
    let (name, stamp) = StateChangeStamp.recording { parent.name }
    #expect(name == "")
    #expect(stamp.isCurrent)
    parent.name = ""  // a set is a change, whatever the value
    #expect(!stamp.isCurrent)
  }

  @Test func aStateAnotherThreadReadsDuringARecordingIsNotRecorded() {
    let parent = Parent()
    let elsewhere = Parent()
    let (_, stamp) = StateChangeStamp.recording {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = elsewhere.other
        done.signal()
      }.start()
      done.wait()
      return parent.name
    }
    var changed = elsewhere
    changed.other = 1
    #expect(stamp.isCurrent, "a state read on another thread is no part of this read")
    withExtendedLifetime(parent) {}
  }

  @Test func aChangeInsideAChildTheReadDidNotReadIsNoChangeOfTheParent() {
    var parent = Parent(child: Child())
    let (isPresented, stamp) = StateChangeStamp.recording { parent.child != nil }
    #expect(isPresented)
    parent.child?.count += 1
    #expect(stamp.isCurrent, "the child is the same identity: the parent's field is unchanged")
    parent.child = Child()
    #expect(!stamp.isCurrent, "a new child is a change")
  }

  @Test func aReadOfTheChildCountsTheChildToo() {
    var parent = Parent(child: Child())
    let (_, stamp) = StateChangeStamp.recording { parent.child?.count }
    parent.child?.count += 1
    #expect(!stamp.isCurrent)
  }

  @Test func aChangeOfACopyCountsForEveryCopy() {
    let parent = Parent()
    var copy = parent
    let (_, stamp) = StateChangeStamp.recording { parent.other }
    copy.other = 1
    #expect(!stamp.isCurrent)
  }

  @Test func aValuePutBackWholeIsNoChange() {
    var parent = Parent()
    let earlier = parent
    let (_, stamp) = StateChangeStamp.recording { parent.other }
    #expect(stamp.isCurrent)
    parent = earlier
    #expect(stamp.isCurrent, "no setter ran: whoever puts values back drops what it keeps")
  }

  @Test func aStateNeverRecordedIsNeitherCountedNorObserved() {
    var parent = Parent()
    parent.name = "Blob"
    parent.other += 1
    let storage = parent._$observationRegistrar.storage
    #expect(storage.modes.load(ordering: .relaxed) == 0)
    #expect(storage.changes.load(ordering: .relaxed) == 0)
  }

  @Test func aRecordedStateIsCountedNotObserved() {
    var parent = Parent()
    _ = StateChangeStamp.recording { parent.name }
    parent.name = "Blob"
    let storage = parent._$observationRegistrar.storage
    #expect(storage.modes.load(ordering: .relaxed) == ObservationStateRegistrar.Storage.counted)
    #expect(storage.changes.load(ordering: .relaxed) == 1)
  }

  @Test func aCountedStateStillNotifiesATracking() {
    var parent = Parent()
    let (_, stamp) = StateChangeStamp.recording { parent.name }
    let changed = Box()
    withObservationTracking {
      ObservedReads.registering { _ = parent.other }
    } onChange: {
      changed.value = true
    }
    parent.other = 1
    #expect(changed.value)
    #expect(!stamp.isCurrent)
  }

  @Test func aWriteAtAFieldsStorageCounts() {
    var parent = Parent()
    let (_, stamp) = StateChangeStamp.recording { parent.name }
    FieldStorageWrite.write("Blob", to: \.name, in: &parent)
    #expect(parent.name == "Blob")
    #expect(!stamp.isCurrent)
  }

  @Test func anInnerRecordingsReadsCountForTheOuterOne() {
    var parent = Parent()
    let child = Child()
    let (inner, outer) = StateChangeStamp.recording {
      _ = child.count
      return StateChangeStamp.recording { parent.name }.stamp
    }
    #expect(inner.isCurrent && outer.isCurrent)
    parent.name = "Blob"
    #expect(!inner.isCurrent)
    #expect(!outer.isCurrent)
  }

  @Test func aStampOfOneStateIsCurrentUntilAFieldOfItIsSet() {
    var parent = Parent(child: Child())
    let stamp = StateChangeStamp(reading: parent._$id)
    #expect(stamp.isCurrent)
    let storage = parent._$observationRegistrar.storage
    #expect(storage.modes.load(ordering: .relaxed) == ObservationStateRegistrar.Storage.counted)
    parent.child?.count += 1
    #expect(stamp.isCurrent, "a change inside the child is no change of the parent's fields")
    parent.other = 1
    #expect(!stamp.isCurrent)
  }

  @Test func aStampOfOneStateIsWhatARecordingOfItsFieldsGives() {
    var parent = Parent(child: Child())
    let (_, recorded) = StateChangeStamp.recording { (parent.name, parent.child != nil) }
    let taken = StateChangeStamp(reading: parent._$id)
    parent.child?.count += 1
    #expect(recorded.isCurrent && taken.isCurrent)
    parent.child = Child()
    #expect(!recorded.isCurrent && !taken.isCurrent, "a new child is a change of the parent")
  }

  @Test func aStampOfAnEnumStateIsNeverCurrent() {
    let screen = Screen.editing(Parent())
    #expect(!StateChangeStamp(reading: screen._$id).isCurrent, "only a recording sees into a case")
  }
}

@ObservableState
private enum Screen: Equatable {
  case editing(Parent)
  case idle
}

/// A flag set from an observation's change handler.
private final class Box: @unchecked Sendable {
  var value = false
}

/// What a recording keeps once over.
@MainActor
@Suite struct StateChangeStampLifetimeTests {
  @Test func aRecordingKeepsNoStateAliveOnceItsStampIsGone() {
    weak var storage: ObservationStateRegistrar.Storage?
    do {
      let parent = Parent()
      storage = parent._$observationRegistrar.storage
      _ = StateChangeStamp.recording { parent.name }
    }
    #expect(storage == nil)
  }
}
