#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where each line of a UTF-8 text starts, to turn the 1-based line:column positions that cmark,
/// libyaml and the HTML scanner report into byte offsets and back. Lines end at `\n`, or at a `\r`
/// not followed by one, as all three read them; the `\r` of a `\r\n` is part of the line here,
/// for the callers that strip it to decide.
package struct LineStarts: Sendable {
    /// The byte offset of the first byte of each line; the first is 0.
    package let offsets: [Int]
    /// The length of the text in bytes.
    package let byteCount: Int

    /// The line table of `bytes`, found with `memchr`: every page's Markdown comes through here.
    package init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            guard memchr(base, 0x0D, buffer.count) != nil else {
                var from = 0
                while from < buffer.count, let hit = memchr(base + from, 0x0A, buffer.count - from) {
                    from = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(from)
                }
                return
            }
            for index in buffer.indices
            where buffer[index] == 0x0A || (buffer[index] == 0x0D && (index + 1 == buffer.count || buffer[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
        }
        offsets = starts
        byteCount = bytes.count
    }

    /// The number of lines: one more than the number of line ends.
    @inlinable package var count: Int { offsets.count }

    /// The 0-based index of the line holding byte `offset`.
    package func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if offsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The bytes of 1-based `line` up to its end (`\n`, or a lone `\r`; the `\r` of `\r\n` included);
    /// nil outside the text.
    @inlinable package func range(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= offsets.count else { return nil }
        return offsets[line - 1]..<(line < offsets.count ? offsets[line] - 1 : byteCount)
    }

    /// The byte offset of 1-based `line`:`column` (a byte column), or nil when outside the text.
    package func offset(line: Int, column: Int) -> Int? {
        guard let range = range(ofLine: line), column >= 1 else { return nil }
        let offset = range.lowerBound + column - 1
        return offset < byteCount ? offset : nil
    }
}
