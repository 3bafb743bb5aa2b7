import SitegenCore
import SitegenMarkdown

extension YAMLNode {
    func location(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// Text, written plain or quoted: a value tagged other than `!!str` (`!!int 12`, `!foo x`) is
    /// refused with its tag, as for the other types.
    func requireString(_ key: String, path: String) throws(InputError) -> String {
        guard let text = taggedText else {
            throw InputError("'\(key)' must be a text value\(otherTag("!!str"))", at: location(in: path))
        }
        return text
    }

    /// The node's text when it is text: untagged, or tagged `!!str`.
    private var taggedText: String? { tag == nil || tag == "!!str" ? string : nil }

    func requireBool(_ key: String, path: String) throws(InputError) -> Bool {
        guard let flag = bool else {
            throw InputError("'\(key)' must be true or false\(otherTag("!!bool"))", at: location(in: path))
        }
        return flag
    }

    func requireInt(_ key: String, path: String) throws(InputError) -> Int {
        guard let number = int else {
            if isPlain || tag == "!!int", let text = string, Self.isDecimal(text) {
                throw InputError(
                    "'\(key)' is too \(text.hasPrefix("-") ? "small" : "large"): a whole number must be from \(Int.min) "
                        + "to \(Int.max)",
                    at: location(in: path))
            }
            throw InputError("'\(key)' must be a whole number\(otherTag("!!int"))", at: location(in: path))
        }
        return number
    }

    /// Whether `text` is digits, after a sign or none.
    private static func isDecimal(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        return text.utf8.count - digits.count <= 1 && !digits.isEmpty
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `, not a value tagged !!str` when the node's tag is another than `expected`; empty otherwise.
    private func otherTag(_ expected: String) -> String {
        guard let tag, tag != expected else { return "" }
        return ", not a value tagged \(tag)"
    }

    /// A list of strings; a single string counts as a list of one.
    func requireStringList(_ key: String, path: String) throws(InputError) -> [String] {
        if let single = taggedText { return [single] }
        if string != nil {
            throw InputError("'\(key)' must be a list of text values\(otherTag("!!str"))", at: location(in: path))
        }
        guard let items = array else {
            throw InputError("'\(key)' must be a list of text values", at: location(in: path))
        }
        var out: [String] = []
        for item in items {
            guard let text = item.taggedText else {
                let what = item.string != nil ? "a value tagged \(item.tag ?? "")" : item.kind
                throw InputError("each item of '\(key)' must be a text value, not \(what)", at: item.location(in: path))
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
        case .scalar: isNull || string?.isEmpty == true ? "empty" : "text"
        }
    }
}
