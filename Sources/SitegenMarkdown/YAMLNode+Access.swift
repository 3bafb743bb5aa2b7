extension YAMLNode {
    /// The text of a scalar that is not null; nil for null and for collections.
    public var string: String? {
        guard case .scalar(let text) = value, !isNull else { return nil }
        return text
    }

    /// A plain scalar `~`, `null` (any case of YAML 1.1's spellings) or nothing at all, or one of
    /// those tagged `!!null`.
    public var isNull: Bool {
        guard isPlain || tag == "!!null", case .scalar(let text) = value else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// `true`/`false`, `yes`/`no`, `on`/`off` (lower, capitalised or upper case), plain scalars or
    /// ones tagged `!!bool`.
    public var bool: Bool? {
        guard isPlain || tag == "!!bool", case .scalar(let text) = value else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// A decimal integer written as a plain scalar (`42`, `-3`, `+7`) or tagged `!!int`.
    public var int: Int? {
        guard isPlain || tag == "!!int", case .scalar(let text) = value else { return nil }
        return Int(text)
    }

    /// A number written as a plain scalar (`1`, `2.5`, `-1e3`) or tagged `!!float` or `!!int`.
    public var double: Double? {
        guard isPlain || tag == "!!float" || tag == "!!int", case .scalar(let text) = value else { return nil }
        return Double(text)
    }

    /// The items of a sequence.
    public var array: [YAMLNode]? {
        guard case .sequence(let items) = value else { return nil }
        return items
    }

    /// The entries of a mapping, in document order.
    public var pairs: [YAMLPair]? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs
    }

    /// The value for a scalar key of a mapping.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.string == key }?.value
    }
}
