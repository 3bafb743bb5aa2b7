import CYaml
import SitegenCore

/// YAML through libyaml: the only file that imports `CYaml`. Events are copied into ``YAMLNode``s
/// and every C structure is released before returning.
public enum YAML {
    /// Parses one YAML document.
    ///
    /// - Returns: nil for input without a document (empty, blanks or comments only).
    /// - Throws: ``InputError`` at `path:line:column` for libyaml's errors
    ///   (`invalid YAML: mapping values are not allowed in this context`), a key repeated in one
    ///   mapping (at the second key), an unknown alias, aliases expanding to more than 100,000
    ///   nodes, or a second document. Anchors and aliases are resolved by copying the anchored node.
    /// - Parameter lineOffset: lines preceding `text` in its file, added to every reported line.
    ///   Columns are 1-based UTF-8 byte columns.
    public static func parse(_ text: String, path: String, lineOffset: Int = 0) throws(InputError) -> YAMLNode? {
        let source = SourceText(Array(text.utf8))
        guard !source.bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw InputError("cannot start the YAML parser (out of memory)", path: path)
        }
        defer { yaml_parser_delete(&parser) }
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: source.bytes.count)
        defer { input.deallocate() }
        _ = input.initialize(from: source.bytes)
        yaml_parser_set_input_string(&parser, input.baseAddress, input.count)

        let place = { (mark: yaml_mark_t) -> (line: Int, column: Int) in
            let line = Int(mark.line) + 1
            return (line + lineOffset, source.byteColumn(line: line, characterColumn: Int(mark.column) + 1))
        }
        var builder = YAMLTreeBuilder(path: path)
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw problem(in: parser, path: path, place: place, source: source, lineOffset: lineOffset)
            }
            defer { yaml_event_delete(&event) }
            let (line, column) = place(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return builder.root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw InputError(
                        "invalid YAML: expected one document, found a second",
                        at: SourceLocation(path: path, line: line, column: column))
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = string(scalar.value, count: scalar.length)
                let tag = optionalString(scalar.tag).map(shortTag)
                try builder.scalar(
                    text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE && tag == nil, tag: tag,
                    anchor: optionalString(scalar.anchor), line: line, column: column)
            case YAML_SEQUENCE_START_EVENT:
                try builder.startCollection(
                    isMapping: false, anchor: optionalString(event.data.sequence_start.anchor),
                    line: line, column: column)
            case YAML_MAPPING_START_EVENT:
                try builder.startCollection(
                    isMapping: true, anchor: optionalString(event.data.mapping_start.anchor),
                    line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try builder.endCollection()
            case YAML_ALIAS_EVENT:
                try builder.alias(optionalString(event.data.alias.anchor) ?? "", line: line, column: column)
            default:
                break
            }
        }
    }

    private static func problem(
        in parser: yaml_parser_t, path: String, place: (yaml_mark_t) -> (line: Int, column: Int), source: SourceText,
        lineOffset: Int
    ) -> InputError {
        let bytes = source.bytes
        // libyaml says "found character that cannot start any token" or that the tab "violates indentation".
        if parser.error == YAML_SCANNER_ERROR, isIndentingTab(at: parser.problem_mark, in: source) {
            let (line, column) = place(parser.problem_mark)
            return InputError(
                "invalid YAML: YAML does not allow tabs for indentation (use spaces)",
                at: SourceLocation(path: path, line: line, column: column))
        }
        var message = "invalid YAML: " + (optionalString(parser.problem) ?? "cannot parse")
        if let context = optionalString(parser.context) {
            let (line, column) = place(parser.context_mark)
            // Found at the end (an unclosed `[` or quote): the place to look is where it was opened.
            if parser.error != YAML_READER_ERROR, Int(parser.problem_mark.index) >= bytes.count {
                if !message.hasSuffix("end of stream") { message += " before the end" }
                message += " (\(context) from here)"
                return InputError(message, at: SourceLocation(path: path, line: line, column: column))
            }
            message += " (\(context) at line \(line), column \(column))"
            // `- *.tmp`: YAML reads a leading `*` as an alias, `&` as an anchor.
            if context.hasSuffix("an alias") || context.hasSuffix("an anchor") {
                message += "; quote a value that starts with * or & ('*.tmp')"
            }
        }
        // `description: Start: pause`: a second `: ` in a plain value.
        if message.hasSuffix("mapping values are not allowed in this context") {
            message += "; quote a value that holds ': ' (description: \"Start: pause\")"
        }
        if parser.error == YAML_READER_ERROR {
            // The reader (a control character, bytes that are not UTF-8) gives a byte offset, not a mark.
            return InputError(
                message,
                at: SourceLocation(
                    path: path, byteOffset: Int(parser.problem_offset), in: bytes, firstLine: 1 + lineOffset))
        }
        let (line, column) = place(parser.problem_mark)
        return InputError(message, at: SourceLocation(path: path, line: line, column: column))
    }

    /// Whether `mark` is at a tab with nothing but spaces, tabs and list dashes (`  -\tx`) before it
    /// on its line: indentation.
    private static func isIndentingTab(at mark: yaml_mark_t, in source: SourceText) -> Bool {
        let line = Int(mark.line) + 1
        guard let range = source.lineRange(line) else { return false }
        let index = range.lowerBound + source.byteColumn(line: line, characterColumn: Int(mark.column) + 1) - 1
        guard index < range.upperBound, source.bytes[index] == UInt8(ascii: "\t") else { return false }
        return source.bytes[range.lowerBound..<index].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "-")
        }
    }

    /// `!!bool` for libyaml's `tag:yaml.org,2002:bool`, as it is written; other tags as they are.
    private static func shortTag(_ tag: String) -> String {
        let standard = "tag:yaml.org,2002:"
        return tag.hasPrefix(standard) ? "!!" + tag.dropFirst(standard.count) : tag
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static func optionalString<T>(_ pointer: UnsafePointer<T>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private static func optionalString<T>(_ pointer: UnsafeMutablePointer<T>?) -> String? {
        optionalString(pointer.map { UnsafePointer($0) })
    }
}
