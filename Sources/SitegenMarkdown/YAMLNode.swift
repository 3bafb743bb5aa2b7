/// A YAML value with the place it was written: what ``YAML/parse(_:path:lineOffset:)`` returns.
/// Scalars stay strings; the conveniences in `YAMLNode+Access.swift` interpret them on request, so a
/// quoted `"true"` remains a string.
public struct YAMLNode: Sendable, Hashable {
    /// The shape of a node.
    public indirect enum Value: Sendable, Hashable {
        /// Any scalar (plain, quoted, literal or folded), as text.
        case scalar(String)
        /// `- a`, `[a, b]`.
        case sequence([YAMLNode])
        /// `k: v`, `{k: v}`, in document order; keys are unique.
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var value: Value
    /// `true` for an untagged plain (unquoted, non-block) scalar: only those, and scalars tagged as
    /// such (`!!bool true`), read as null, bool or number.
    public var isPlain: Bool
    /// A scalar's tag, with the standard ones short (`!!bool`, `!!int`, `!!str`, `!foo`); nil without one.
    public var tag: String?
    /// 1-based line in the original file.
    public var line: Int
    /// 1-based UTF-8 byte column in the original file.
    public var column: Int

    /// Creates a node.
    public init(_ value: Value, isPlain: Bool = false, tag: String? = nil, line: Int = 0, column: Int = 0) {
        self.value = value
        self.isPlain = isPlain
        self.tag = tag
        self.line = line
        self.column = column
    }
}

/// One entry of a YAML mapping.
public struct YAMLPair: Sendable, Hashable {
    /// The key, with its own position (duplicate-key and unknown-key errors point here).
    public var key: YAMLNode
    /// The value, with its own position.
    public var value: YAMLNode

    /// Creates an entry.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
