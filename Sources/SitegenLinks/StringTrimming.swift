extension String {
    /// The string without leading and trailing ASCII whitespace (what browsers strip from URLs).
    package func trimmingASCIIWhitespace() -> String {
        guard let first = self.utf8.first, let last = self.utf8.last else { return "" }
        if !first.isASCIIWhitespace, !last.isASCIIWhitespace { return String(self) }
        let utf8 = Array(self.utf8)
        var start = 0, end = utf8.count
        while start < end, utf8[start].isASCIIWhitespace { start += 1 }
        while end > start, utf8[end - 1].isASCIIWhitespace { end -= 1 }
        if start == 0, end == utf8.count { return String(self) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension UInt8 {
    /// Space, tab, line feed, form feed or carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}
