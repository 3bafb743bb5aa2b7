import Synchronization

/// A template name (a dictionary key, or one part of a dotted `a.b.c` tag) as a small integer: a
/// context lookup, made millions of times in a large build, compares integers instead of hashing
/// strings. Each distinct name is interned once per process.
struct InternedName: Hashable, Sendable {
    let id: Int32

    /// The name's integer, made the first time `name` is seen.
    init(_ name: String) {
        self = Self.table.withLock { Self.intern(name, in: &$0) }
    }

    /// The integers of `names`, in order, made under one lock.
    static func intern<Names: Sequence<String>>(_ names: Names) -> [InternedName] {
        table.withLock { table in names.map { intern($0, in: &table) } }
    }

    /// The name's integer if it was ever interned; a name never interned is in no dictionary.
    static func existing(_ name: String) -> InternedName? {
        table.withLock { $0[name] }.map(InternedName.init(id:))
    }

    private init(id: Int32) { self.id = id }

    private static func intern(_ name: String, in table: inout [String: Int32]) -> InternedName {
        if let id = table[name] { return InternedName(id: id) }
        let id = Int32(truncatingIfNeeded: table.count)
        table[name] = id
        return InternedName(id: id)
    }

    private static let table = Mutex<[String: Int32]>([:])
}
