import Synchronization

/// A value made the first time some thread asks for it, and only then; or given from the start.
/// For what most builds never need, such as the decoded ids of 10,000 cached pages.
package final class MadeOnce<Value: Sendable>: Sendable {
    private let made: Mutex<Value?>

    package init(_ value: Value? = nil) { made = Mutex(value) }

    /// The value, made by `make` if nobody has made it yet (other askers wait meanwhile).
    package func value(making make: () -> Value) -> Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
