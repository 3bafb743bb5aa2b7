/// A dictionary key interned once, for code that builds the same dictionaries for every page of a
/// site: building or changing a dictionary by `TemplateKey` hashes no name and takes no lock, where
/// a `String` key is looked up in the process's table of names each time.
public struct TemplateKey: Sendable {
    let name: InternedName
    /// The key as templates name it.
    public let key: String

    /// Interns `key`; keep the value (a `static let`) rather than making it again for each page.
    public init(_ key: String) {
        name = InternedName(key)
        self.key = key
    }
}

extension TemplateDictionary {
    /// The keys and values of `pairs`; later duplicates of a key replace earlier ones.
    public init(_ pairs: KeyValuePairs<TemplateKey, TemplateValue>) {
        self.init()
        reserve(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The value under `key`; setting `nil` removes the key.
    public subscript(key: TemplateKey) -> TemplateValue? {
        get { self[key.name] }
        set { set(newValue, name: key.name, key: key.key) }
    }
}

extension TemplateValue {
    /// The value under `key` when this is a dictionary, `nil` otherwise.
    public subscript(key: TemplateKey) -> TemplateValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }
}
