import SitegenCore
import SitegenMarkdown

extension YAMLNode {
    func location(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    func requireString(_ key: String, path: String) throws(InputError) -> String {
        guard let text = string else {
            throw InputError("'\(key)' must be a text value", at: location(in: path))
        }
        return text
    }

    func requireBool(_ key: String, path: String) throws(InputError) -> Bool {
        guard let flag = bool else {
            throw InputError("'\(key)' must be true or false\(otherTag("!!bool"))", at: location(in: path))
        }
        return flag
    }

    func requireInt(_ key: String, path: String) throws(InputError) -> Int {
        guard let number = int else {
            throw InputError("'\(key)' must be a whole number\(otherTag("!!int"))", at: location(in: path))
        }
        return number
    }

    /// `, not a value tagged !!str` when the node's tag is another than `expected`; empty otherwise.
    private func otherTag(_ expected: String) -> String {
        guard let tag, tag != expected else { return "" }
        return ", not a value tagged \(tag)"
    }

    /// A list of strings; a single string counts as a list of one.
    func requireStringList(_ key: String, path: String) throws(InputError) -> [String] {
        if let single = string { return [single] }
        guard let items = array else {
            throw InputError("'\(key)' must be a list of text values", at: location(in: path))
        }
        var out: [String] = []
        for item in items {
            guard let text = item.string else {
                throw InputError("each item of '\(key)' must be a text value, not \(item.kind)", at: item.location(in: path))
            }
            out.append(text)
        }
        return out
    }

    /// What the node is, for a message that says what it should be.
    var kind: String {
        switch value {
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .scalar: isNull ? "empty" : "text"
        }
    }
}
