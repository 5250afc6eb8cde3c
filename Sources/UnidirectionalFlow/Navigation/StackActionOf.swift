/// The stack actions of the given element feature: `StackActionOf<Path>` is
/// `StackAction<Path.State, Path.Action>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
