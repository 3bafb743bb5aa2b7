import Synchronization

/// A value made the first time some thread asks for it, and only then; or given from the start.
/// For what most builds never need, such as the CandidatePaths of a site without broken links.
///
/// Allocating a generic class looks its metadata up at run time (about 1,000 instructions): what is
/// made for each of 10,000 pages keeps a `Mutex` of its own in a concrete class (`PageAnchors`).
package final class MadeOnce<Value: Sendable>: Sendable {
    private let made: Mutex<Value?>

    package init(_ value: Value? = nil) { made = Mutex(value) }

    /// The value, made by `make` if nobody has made it yet (other askers wait meanwhile).
    package func value(making make: () -> Value) -> Value { made.value(making: make) }
}

extension Mutex {
    /// The value held, made by `make` and kept if there is none yet (other askers wait meanwhile).
    package func value<Made>(making make: () -> Made) -> Made where Value == Made? {
        withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
