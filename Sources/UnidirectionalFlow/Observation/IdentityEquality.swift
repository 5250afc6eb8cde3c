// How `@ObservableState` decides whether setting a field changes it, for its observers: two
// child states are the same if they share an identity, whatever their contents (the child's own
// observers hear about changes inside it); any other value counts as changed when set.

/// Whether `lhs` and `rhs` are the same value for observation: never, for a value that has no
/// identity.
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool { false }

/// Whether two child states are the same value: whether they share an identity.
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Whether two optional child states are the same value: both absent, or present with one
/// identity.
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let lhs?, let rhs?): lhs._$id == rhs._$id
  default: false
  }
}

/// Whether two collections of child states are the same value: the same identities, in order.
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// Whether two presentations are the same value: the same child state presented, or none.
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  _$isIdentityEqual(lhs.wrappedValue, rhs.wrappedValue)
}
