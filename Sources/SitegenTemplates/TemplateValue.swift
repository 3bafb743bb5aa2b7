/// A typed value to render; no `Any`, no reflection.
///
/// Sections treat `null`, `false`, an empty list and an empty string as false; a list repeats its
/// section once per item; any other value is pushed on the context stack for the section's content.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// Rendered in its shortest exact form (`1.21` gives `1.21`); integral values render without a
    /// fraction (`1.0` gives `1`).
    case double(Double)
    /// HTML-escaped by `{{x}}`, written as is by `{{{x}}}` and `{{&x}}`.
    case string(String)
    case list([TemplateValue])
    case dictionary(TemplateDictionary)

    /// Whether a section over this value renders (and an inverted section does not).
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .list(let items): !items.isEmpty
        case .int, .double, .dictionary: true
        }
    }

    /// The value under `key` when this is a dictionary, `nil` otherwise.
    public subscript(key: String) -> TemplateValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates of a key replace earlier ones.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .dictionary(TemplateDictionary(pairs: elements))
    }
}
