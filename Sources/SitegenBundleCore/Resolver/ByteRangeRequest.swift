/// What a `Range` header asks of a body of known size (RFC 9110 §14).
public enum ByteRangeRequest: Sendable, Equatable {
    /// No usable range: serve the whole body with 200. Also the answer for a header that is not a
    /// single well-formed `bytes=` range, including multiple ranges (multipart replies are not
    /// worth their cost for media, and a whole body is always a correct answer).
    case whole
    /// Serve these bytes with 206 and `Content-Range: bytes first-last/size`.
    case partial(Range<Int>)
    /// Answer 416 with `Content-Range: bytes */size`.
    case unsatisfiable

    /// Interprets `header` (`bytes=a-b`, `bytes=a-`, `bytes=-n`) for a body of `size` bytes.
    public init(header: String?, size: Int) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingCharacters(in: " \t")
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { self = .whole; return }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: " \t")
        guard let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Self.number(last) else { self = .whole; return }
            guard suffix > 0, size > 0 else { self = .unsatisfiable; return }
            self = .partial(max(0, size - suffix)..<size)
            return
        }
        guard let start = Self.number(first) else { self = .whole; return }
        if last.isEmpty {
            self = start < size ? .partial(start..<size) : .unsatisfiable
            return
        }
        guard let end = Self.number(last), end >= start else { self = .whole; return }
        self = start < size ? .partial(start..<min(end, size - 1) + 1) : .unsatisfiable
    }

    /// A non-negative decimal that fits an `Int`; huge values saturate (they are "beyond the end").
    private static func number(_ digits: some StringProtocol) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(digits) ?? Int.max
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
