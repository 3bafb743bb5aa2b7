import Foundation
import SitegenTemplates
import Testing

/// One test of the official Mustache spec, read from its JSON file.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var summary: String
    var template: String
    var partials: [String: String]
    var data: TemplateValue
    var expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// The spec files in `../shared/test-data/mustache-spec` next to the package root (absent in a
/// user's clone: the spec tests are then skipped with a message).
enum MustacheSpec {
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
    ]

    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SitegenTemplatesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("../shared/test-data/mustache-spec")
        .standardizedFileURL

    static let isAvailable = FileManager.default.fileExists(atPath: directory.path)

    static let cases: [SpecCase] = isAvailable ? files.flatMap(load) : []

    private struct SpecFile: Decodable {
        var tests: [Entry]
    }

    private struct Entry: Decodable {
        var name: String
        var desc: String
        var template: String
        var partials: [String: String]?
        var data: JSONValue
        var expected: String
    }

    private static func load(_ file: String) -> [SpecCase] {
        let url = directory.appendingPathComponent(file + ".json")
        guard let data = try? Data(contentsOf: url),
            let spec = try? JSONDecoder().decode(SpecFile.self, from: data)
        else {
            return [
                SpecCase(
                    file: file, name: "unreadable spec file", summary: url.path, template: "", partials: [:],
                    data: .null, expected: "<\(url.path) could not be read>")
            ]
        }
        return spec.tests.map {
            SpecCase(
                file: file, name: $0.name, summary: $0.desc, template: $0.template, partials: $0.partials ?? [:],
                data: $0.data.value, expected: $0.expected)
        }
    }
}

/// JSON decoded into a ``TemplateValue``: `true`/`false` stay booleans, integral numbers become
/// `.int`, other numbers `.double`.
struct JSONValue: Decodable {
    var value: TemplateValue

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [TemplateValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self).value) }
            value = .list(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var entries = TemplateDictionary()
            for key in object.allKeys { entries[key.stringValue] = try object.decode(JSONValue.self, forKey: key).value }
            value = .dictionary(entries)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let flag = try? single.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? single.decode(Int.self) {
            value = .int(number)
        } else if let number = try? single.decode(Double.self) {
            value = .double(number)
        } else {
            value = .string(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
