import SitegenCore

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

extension String {
    /// The string without leading and trailing C0 control characters and spaces (U+0000 to U+0020),
    /// which the URL standard's parser strips from every URL before reading it: `\u{1}a.png\u{1F}`
    /// is `a.png` to a browser.
    package func trimmingC0ControlOrSpace() -> String {
        guard let first = self.utf8.first, let last = self.utf8.last else { return "" }
        if first > 0x20, last > 0x20 { return String(self) }
        let utf8 = Array(self.utf8)
        var start = 0, end = utf8.count
        while start < end, utf8[start] <= 0x20 { start += 1 }
        while end > start, utf8[end - 1] <= 0x20 { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension String {
    /// The string as the URL standard's parser reads any URL before anything else: control
    /// characters and spaces around it dropped (`trimmingC0ControlOrSpace`), and every tab and line
    /// break inside it removed (`pa<LF>ge.html` is `page.html`).
    package func readAsURL() -> String {
        let trimmed = trimmingC0ControlOrSpace()
        // Three `memchr`s: every link of every page comes here, and most hold none of them.
        guard [0x09, 0x0A, 0x0D].contains(where: { ByteSearch.contains($0, in: trimmed) }) else { return trimmed }
        return String(decoding: trimmed.utf8.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    }
}

extension UInt8 {
    /// Space, tab, line feed, form feed or carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}
