import Foundation
import SitegenLinks

/// Makes an HTML page or a style sheet UTF-8, as the bundle declares every text resource to be.
/// Its encoding is found the way browsers find it: a byte order mark, else the server's
/// `charset`, else what the document declares (the first `<meta>` charset in its first 1024
/// bytes; a style sheet's `@charset`, else the encoding of the page or sheet that linked it). An
/// encoding other than UTF-8 is decoded, and every declaration left in the document is made to
/// say `utf-8`. Nothing found means UTF-8, and the bytes stay as they are.
enum Transcoder {
    /// A document after transcoding.
    struct Outcome: Sendable {
        /// The bytes to mirror: UTF-8, unless `problem` says otherwise.
        var body: Data
        /// The encoding the document was found to be in; `nil` when nothing said.
        var encoding: TextEncoding?
        /// Why the bytes were copied as they were (the encoding cannot be decoded here).
        var problem: String?
    }

    static func html(_ body: Data, charset: String?) -> Outcome {
        let bytes = [UInt8](body)
        let found =
            byteOrderMark(bytes) ?? header(charset)
            ?? CharsetDeclarations.html(bytes, prescan: true).lazy.compactMap { declaration in
                TextEncoding(label: declaration.label).map {
                    Found($0.asDeclaredInDocument, declaration.label, "its <meta> charset")
                }
            }.first
        return transcode(body, bytes, found) { utf8 in
            edits(declaringUTF8: CharsetDeclarations.html(utf8), in: utf8)
        }
    }

    /// `environment` is the encoding of the page or sheet that linked to the style sheet.
    static func css(_ body: Data, charset: String?, environment: TextEncoding?) -> Outcome {
        let bytes = [UInt8](body)
        let found =
            byteOrderMark(bytes) ?? header(charset)
            ?? CharsetDeclarations.css(bytes).flatMap { declaration in
                TextEncoding(label: declaration.label).map {
                    Found($0.asDeclaredInDocument, declaration.label, "its @charset rule")
                }
            }
            ?? environment.map { Found($0, $0.name, "the page that links to it") }
        return transcode(body, bytes, found) { utf8 in
            // A UTF-8 byte order mark stays before the rule: it is looked for after it.
            let mark = CharsetDeclarations.byteOrderMark(utf8[...])?.length ?? 0
            let declaration = CharsetDeclarations.css(Array(utf8[mark...])).map {
                CharsetDeclarations.Declaration(
                    label: $0.label, range: ($0.range.lowerBound + mark)..<($0.range.upperBound + mark))
            }
            return edits(declaringUTF8: declaration.map { [$0] } ?? [], in: utf8)
        }
    }

    /// An encoding, the label it was named by, and where.
    private struct Found {
        var encoding: TextEncoding
        var label: String
        var source: String

        init(_ encoding: TextEncoding, _ label: String, _ source: String) {
            self.encoding = encoding
            self.label = label
            self.source = source
        }
    }

    private static func byteOrderMark(_ bytes: [UInt8]) -> Found? {
        CharsetDeclarations.byteOrderMark(bytes[...]).map { Found($0.encoding, $0.encoding.name, "its byte order mark") }
    }

    private static func header(_ charset: String?) -> Found? {
        charset.flatMap { label in TextEncoding(label: label).map { Found($0, label, "its Content-Type header") } }
    }

    /// Decodes `bytes` (the same as `body`) from the encoding `found` names, then applies the
    /// edits of `declare` to the UTF-8 result.
    private static func transcode(_ body: Data, _ bytes: [UInt8], _ found: Found?, declare: ([UInt8]) -> [TextEdit]) -> Outcome {
        var utf8 = bytes
        var changed = false
        if let found, !found.encoding.isUTF8 {
            let mark = CharsetDeclarations.byteOrderMark(bytes[...]).map(\.length) ?? 0
            guard let decoded = found.encoding.utf8(from: bytes[mark...]) else {
                let problem =
                    "cannot be decoded from '\(found.label)' (named by \(found.source)): copied as it is, though served as UTF-8"
                return Outcome(body: body, encoding: found.encoding, problem: problem)
            }
            utf8 = decoded
            changed = true
        } else if String(validating: utf8, as: UTF8.self) == nil {
            // Said (or taken) to be UTF-8, and not: nothing is rewritten, a declaration least of all.
            let said =
                found.map { "'\($0.label)' (named by \($0.source))" } ?? "UTF-8 (nothing declares an encoding early enough)"
            return Outcome(
                body: body, encoding: found?.encoding,
                problem: "is not valid \(said): copied as it is, though served as UTF-8")
        }
        let edits = declare(utf8)
        if !edits.isEmpty {
            utf8 = TextEdit.apply(edits, to: utf8)
            changed = true
        }
        return Outcome(body: changed ? Data(utf8) : body, encoding: found?.encoding, problem: nil)
    }

    private static func edits(declaringUTF8 declarations: [CharsetDeclarations.Declaration], in bytes: [UInt8]) -> [TextEdit] {
        declarations.compactMap { declaration in
            TextEncoding(label: declaration.label)?.isUTF8 == true
                ? nil : TextEdit(range: declaration.range, replacement: Array("utf-8".utf8))
        }
    }
}
