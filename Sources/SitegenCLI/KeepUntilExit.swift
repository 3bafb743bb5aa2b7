/// Hands `value` to the process's exit instead of freeing it: a command that exits right after a
/// build need not spend tens of milliseconds releasing 10,000 page records one by one.
func keepUntilExit<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(Held(value))
}

private final class Held<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
