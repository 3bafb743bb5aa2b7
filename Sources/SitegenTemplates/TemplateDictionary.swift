/// The keys and values of a ``TemplateValue/dictionary(_:)``: a small map that template lookups
/// scan by interned name. Keys are unique; their order is not part of the value (`==` ignores it).
public struct TemplateDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    struct Entry: Sendable {
        let name: InternedName
        let key: String
        var value: TemplateValue
    }

    private(set) var entries: [Entry] = [] {
        didSet { isShared = false }
    }

    /// Marks a dictionary that many renders share, such as a sidebar entry that every page of a
    /// folder shows: what a list section renders for it may then be kept and reused, when it
    /// depends on nothing but the dictionary. Any change to the dictionary clears the mark.
    public var isShared = false

    /// An empty dictionary.
    public init() {}

    /// The entries of `dictionary`.
    public init(_ dictionary: [String: TemplateValue]) {
        let names = InternedName.intern(dictionary.keys)
        entries.reserveCapacity(dictionary.count)
        for ((key, value), name) in zip(dictionary, names) { entries.append(Entry(name: name, key: key, value: value)) }
    }

    /// Later duplicates of a key replace earlier ones.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(pairs: elements)
    }

    /// The keys and values of `pairs`; later duplicates of a key replace earlier ones.
    init(pairs elements: [(String, TemplateValue)]) {
        let names = InternedName.intern(elements.lazy.map(\.0))
        entries.reserveCapacity(elements.count)
        for ((key, value), name) in zip(elements, names) {
            if let index = index(of: name) {
                entries[index].value = value
            } else {
                entries.append(Entry(name: name, key: key, value: value))
            }
        }
    }

    /// The address of the entries' storage, which only copies of this dictionary share; `nil` when
    /// empty (all empty dictionaries share one).
    var identity: UnsafeRawPointer? {
        entries.isEmpty ? nil : entries.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// How many keys there are.
    public var count: Int { entries.count }

    /// The keys, in no particular order.
    public var keys: [String] { entries.map(\.key) }

    /// The value under `key`; setting `nil` removes the key.
    public subscript(key: String) -> TemplateValue? {
        get { InternedName.existing(key).flatMap { self[$0] } }
        set { set(newValue, name: InternedName(key), key: key) }
    }

    mutating func reserve(_ count: Int) { entries.reserveCapacity(count) }

    /// Sets or (for `nil`) removes the value of `name`, which is `key` interned.
    mutating func set(_ value: TemplateValue?, name: InternedName, key: String) {
        if let index = index(of: name) {
            if let value { entries[index].value = value } else { entries.remove(at: index) }
        } else if let value {
            entries.append(Entry(name: name, key: key, value: value))
        }
    }

    subscript(name: InternedName) -> TemplateValue? {
        index(of: name).map { entries[$0].value }
    }

    private func index(of name: InternedName) -> Int? {
        for index in entries.indices where entries[index].name == name { return index }
        return nil
    }

    /// Equal keys and values, whether shared or not.
    public static func == (lhs: TemplateDictionary, rhs: TemplateDictionary) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
    }
}
