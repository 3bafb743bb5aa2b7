import SitegenCore

extension Theme {
    /// The ids each page template writes literally (`id="sg-main"`), itself or through the partials
    /// and parents it reaches: fragments every page made with it has, besides its headings'. Found
    /// once when the theme is loaded.
    static func templateIDs(sources: [String: String], pageTemplates: Set<String>) -> [String: Set<String>] {
        let own = sources.mapValues(literalIDs(in:))
        var out: [String: Set<String>] = [:]
        for name in pageTemplates {
            var ids: Set<String> = []
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                ids.formUnion(own[next] ?? [])
                let references = TemplateDependencies.referencedNames(in: sources[next] ?? "")
                for child in references.contains("*") ? Set(sources.keys) : references where seen.insert(child).inserted {
                    queue.append(child)
                }
            }
            out[name] = ids
        }
        return out
    }

    /// The values of `id` attributes in template text that hold no Mustache tag (`id="{{x}}"`
    /// depends on the page, so it is left out): `id="a"`, `id='a'`, `id=a`, any letter case.
    static func literalIDs(in template: String) -> Set<String> {
        let bytes = Array(template.utf8)
        var ids: Set<String> = []
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }
        var index = 1
        while index + 2 < bytes.count {
            defer { index += 1 }
            guard bytes[index] | 0x20 == UInt8(ascii: "i"), bytes[index + 1] | 0x20 == UInt8(ascii: "d"),
                isSpace(bytes[index - 1])
            else { continue }
            var cursor = index + 2
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { break }
            let quote = bytes[cursor]
            let start: Int
            var end: Int
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                start = cursor + 1
                end = start
                while end < bytes.count, bytes[end] != quote { end += 1 }
            } else {
                start = cursor
                end = start
                while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
            }
            let value = bytes[start..<min(end, bytes.count)]
            if !value.isEmpty, !value.contains(UInt8(ascii: "{")) {
                ids.insert(String(decoding: value, as: UTF8.self))
            }
            index = end
        }
        return ids
    }
}
