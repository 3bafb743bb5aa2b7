/// Turns links between Markdown sources into links between the generated pages.
public enum LinkRewriter {
    /// `guide/a.md?x=1#y` → `guide/a.html?x=1#y`, for relative and root-relative (`/a.md`) paths.
    ///
    /// Left alone: destinations with a scheme (`https:`, `mailto:`, `docs:` …), network-path
    /// references (`//host/a.md`), fragment- or query-only references, and any extension other than
    /// `.md`, which counts in any letter case (`Notes.MD` is a page, `Notes.html`, like `notes.md`).
    public static func rewrite(_ destination: String) -> String {
        let bytes = Array(destination.utf8)
        guard !bytes.isEmpty, !hasScheme(bytes), !bytes.starts(with: [slash, slash]) else {
            return destination
        }
        let pathEnd = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        guard pathEnd > 3, bytes[pathEnd - 3] == UInt8(ascii: "."), bytes[pathEnd - 2] | 0x20 == UInt8(ascii: "m"),
            bytes[pathEnd - 1] | 0x20 == UInt8(ascii: "d"), bytes[pathEnd - 4] != slash
        else { return destination }
        var out = Array(bytes[0..<(pathEnd - 3)])
        out.append(contentsOf: ".html".utf8)
        out.append(contentsOf: bytes[pathEnd...])
        return String(decoding: out, as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` before any `/`, `?` or `#`.
    static func hasScheme(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, isAlpha(first) else { return false }
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            if !isSchemeByte(byte) { return false }
        }
        return false
    }

    /// A byte a scheme may hold after its first letter: `ALPHA / DIGIT / "+" / "-" / "."`.
    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
