import Foundation

extension Manifest {
    /// Deterministic bytes: keys in the documented order, resources and aliases sorted by URL,
    /// 2-space indent, `/` not escaped, non-ASCII as UTF-8, a trailing newline. Same value, same bytes.
    public func encoded() -> Data {
        var out = "{\n"
        out += "  \"format\": \(json(format)),\n"
        out += "  \"version\": \(version),\n"
        out += "  \"generator\": \(json(generator)),\n"
        out += "  \"origin\": \(json(origin)),\n"
        out += "  \"entry\": \(json(entry)),\n"
        let resourceLines = resources.sorted { $0.url < $1.url }.map { r in
            var fields = [
                "\"url\": \(json(r.url))", "\"file\": \(json(r.file))", "\"mimeType\": \(json(r.mimeType))",
            ]
            if let encoding = r.textEncoding { fields.append("\"textEncoding\": \(json(encoding))") }
            fields.append("\"size\": \(r.size)")
            fields.append("\"sha256\": \(json(r.sha256))")
            return object(fields)
        }
        out += "  \"resources\": \(array(resourceLines)),\n"
        let aliasLines = aliases.sorted { $0.url < $1.url }.map { a in
            object(["\"url\": \(json(a.url))", "\"target\": \(json(a.target))"])
        }
        out += "  \"aliases\": \(array(aliasLines))\n"
        out += "}\n"
        return Data(out.utf8)
    }

    private func object(_ fields: [String]) -> String {
        "{\n" + fields.map { "      \($0)" }.joined(separator: ",\n") + "\n    }"
    }

    private func array(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { "    \($0)" }.joined(separator: ",\n") + "\n  ]"
    }

    private func json(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
