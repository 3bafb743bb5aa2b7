extension String {
    /// The string without one leading `/`. Compared and cut by bytes, as are all path prefixes: a
    /// name that starts with a combining mark makes one character with the `/` before it, so
    /// `"/\u{301}x".hasPrefix("/")` is false.
    package var droppingLeadingSlash: String {
        utf8.first == UInt8(ascii: "/") ? String(decoding: utf8.dropFirst(), as: UTF8.self) : self
    }

    /// What follows `prefix` when the string starts with it byte for byte; `nil` otherwise.
    package func afterPrefix(bytesOf prefix: String) -> String? {
        guard utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
}
