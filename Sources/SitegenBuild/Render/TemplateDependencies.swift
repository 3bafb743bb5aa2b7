import SitegenCore

/// Which templates each page template reaches through `{{> partial}}` and `{{< parent}}` tags, so
/// that editing a template rebuilds only the pages that use it.
struct TemplateDependencies: Sendable {
    private var fingerprints: [String: Int] = [:]
    private var closures: [String: Set<String>] = [:]

    init(sources: [String: String]) {
        var references: [String: Set<String>] = [:]
        for (name, source) in sources {
            let names = Self.referencedNames(in: source)
            references[name] = names.contains("*") ? Set(sources.keys) : names
        }
        for name in sources.keys {
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for child in references[next] ?? [] where seen.insert(child).inserted { queue.append(child) }
            }
            closures[name] = seen
            var fingerprint = Fingerprint()
            for member in seen.sorted() {
                fingerprint.add(member)
                fingerprint.add(sources[member] ?? "")
            }
            fingerprints[name] = Int(truncatingIfNeeded: fingerprint.value)
        }
    }

    /// A fingerprint of the template and every template it includes.
    func fingerprint(of template: String) -> Int { fingerprints[template] ?? 0 }

    /// The template and every template it includes, by name; every template for one that changes
    /// its delimiters (or names a partial dynamically), whose references are not read.
    func members(of template: String) -> Set<String> { closures[template] ?? [template] }

    /// Names after `{{>` and `{{<`. A template that changes its delimiters may hide references, so
    /// such a template counts as referencing every other one.
    static func referencedNames(in source: String) -> Set<String> {
        let bytes = Array(source.utf8)
        var names: Set<String> = []
        var i = 0
        while i + 3 < bytes.count {
            if bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "{") {
                let sigil = bytes[i + 2]
                if sigil == UInt8(ascii: "=") { return ["*"] }
                if sigil == UInt8(ascii: ">") || sigil == UInt8(ascii: "<") {
                    // Any whitespace around the name, as the template parser takes it: `{{>\tp}}` too.
                    var start = i + 3
                    while start < bytes.count, Self.isSpace(bytes[start]) { start += 1 }
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "}"), !Self.isSpace(bytes[end]) { end += 1 }
                    names.insert(String(decoding: bytes[start..<end], as: UTF8.self))
                    i = end
                    continue
                }
            }
            i += 1
        }
        return names
    }

    /// The whitespace the template parser trims around a tag's name: space, tab, LF, CR.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
