import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenMarkdown

extension BuildCache {
    /// The part that does not depend on the crawl: environment, pages, assets, outputs. The pages'
    /// details go to `details`.
    func encodeHead(details: DetailsWriter, flush: (ArraySlice<UInt8>) throws -> Void) rethrows {
        var head = ByteWriter()
        try writeHead(to: &head, details: details, flush: flush)
        try flush(head.bytes[...])
    }

    /// The crawl's findings.
    func encodeCrawl(flush: (ArraySlice<UInt8>) throws -> Void) rethrows {
        var tail = ByteWriter()
        writeCrawl(to: &tail)
        try flush(tail.bytes[...])
    }

    /// Everything before the crawl's findings: environment, pages, assets, outputs.
    private func writeHead(
        to w: inout ByteWriter, details: DetailsWriter, flush: (ArraySlice<UInt8>) throws -> Void
    ) rethrows {
        func flushIfLarge() throws {
            if w.bytes.count >= 1 << 22 {
                try flush(w.bytes[...])
                w.bytes.removeAll(keepingCapacity: true)
            }
        }
        w.string(Self.magic)
        w.uint(environment)
        w.uint(shape)
        w.uint(manifestFingerprint)
        w.uint(memoGeneration)
        w.uint(navInputs)
        w.int(navShape?.count ?? 0)
        if let navShape { w.bytes.append(contentsOf: navShape) }
        w.uint(manifestStamp)
        w.string(siteDisplay)
        w.string(outputDisplay)
        w.uint(details.generation)
        w.int(pages.count)
        // Records read from the cache name ranges of the details file it was read with: their bytes
        // hold only while this save appends to that file.
        let sameDetails = self.details.map { $0 === details.appendingTo } ?? false
        // Each record after its length, so that reading can split them among cores. Records
        // unchanged since the cache was read lie in `readBytes` in this same order, so each run of
        // them is written from there as one piece.
        var run: Range<Int>?
        func writeRun() throws {
            guard let range = run, let source = readBytes else { return }
            try flush(source[range])
            run = nil
        }
        let order =
            pageOrder.count == pages.count ? pageOrder : pages.keys.sorted { $0.rawValue < $1.rawValue }
        func extendRun(_ whole: Range<Int>) throws {
            if !w.bytes.isEmpty {
                try flush(w.bytes[...])
                w.bytes.removeAll(keepingCapacity: true)
            }
            if let current = run, current.upperBound == whole.lowerBound {
                run = current.lowerBound..<whole.upperBound
            } else {
                try writeRun()
                run = whole
            }
        }
        try pages.forEach(in: order, runs: sameDetails && readBytes != nil) { piece in
            let record: PageRecord
            switch piece {
            case .read(let whole): return try extendRun(whole)
            case .record(let one): record = one
            }
            if sameDetails, let whole = Self.prefixedRange(of: record.encoded, in: readBytes) {
                return try extendRun(whole)
            }
            try writeRun()
            try flushIfLarge()
            if sameDetails, let encoded = record.encoded {
                w.int(encoded.count)
                w.bytes += encoded
                return
            }
            var one = ByteWriter()
            one.string(record.page.source.rawValue)
            one.fixed(UInt64(bitPattern: Int64(record.modified)))
            one.int(record.size)
            one.fixed(record.fingerprint)
            Self.write(record.page, details: details, to: &one)
            Self.write(record.warnings, to: &one)
            Self.write(record.findings, to: &one)
            w.int(one.bytes.count)
            w.bytes += one.bytes
        }
        try writeRun()
        w.int(assets.count)
        for (path, record) in assets.sorted(by: { $0.key < $1.key }) {
            w.string(path.rawValue)
            w.int(record.modified)
            w.int(record.size)
            w.string(record.sha256)
        }
        w.int(outputs.count)
        let outputPaths = outputOrder.count == outputs.count ? outputOrder : outputs.keys.map(\.rawValue).sorted()
        // Where the paths are the ones read, in the same order, a record not replaced since is the
        // one read: no lookup.
        let read = readOutputs.flatMap { $0.paths.count == outputPaths.count ? $0 : nil }
        let replaced = replacedOutputs.flatMap { $0.count <= 64 ? $0 : nil }
        for (index, path) in outputPaths.enumerated() {
            var unchanged: OutputRecord?
            if let read, let replaced, URLPath.bytesEqual(read.paths[index], path),
                !replaced.contains(where: { URLPath.bytesEqual($0.rawValue, path) })
            {
                unchanged = read.records[index]
            }
            guard let record = unchanged ?? outputs[SitePath(unchecked: path)] else { continue }
            // As the records above: an unchanged one is part of a run written from `readBytes`
            // (while a run is open, nothing waits in `w`).
            if let whole = record.encoded, let source = readBytes, whole.upperBound <= source.count {
                if let current = run, current.upperBound == whole.lowerBound {
                    run = current.lowerBound..<whole.upperBound
                    continue
                }
                try writeRun()
                if !w.bytes.isEmpty {
                    try flush(w.bytes[...])
                    w.bytes.removeAll(keepingCapacity: true)
                }
                run = whole
                continue
            }
            try writeRun()
            w.string(path)
            w.fixed(record.inputs)
            w.int(record.size)
            w.string(record.sha256)
        }
        try writeRun()
    }

    /// Where `encoded` and the length before it lie in `source`, when it is a slice of that very
    /// buffer with the length written just before it, as `writeHead` writes records.
    private static func prefixedRange(of encoded: ArraySlice<UInt8>?, in source: [UInt8]?) -> Range<Int>? {
        guard let encoded, let source, !encoded.isEmpty, encoded.endIndex <= source.count else { return nil }
        let same = encoded.withUnsafeBufferPointer { slice in
            source.withUnsafeBufferPointer { whole in slice.baseAddress == whole.baseAddress.map { $0 + encoded.startIndex } }
        }
        guard same else { return nil }
        // The length is read back where `ByteWriter.int` would have put it, without copying.
        let start = encoded.startIndex - ByteWriter.width(of: UInt64(encoded.count))
        guard start >= 0 else { return nil }
        var length = ByteReader(source, range: start..<encoded.startIndex)
        guard length.int() == encoded.count, length.isAtEnd else { return nil }
        return start..<encoded.endIndex
    }

    private func writeCrawl(to w: inout ByteWriter) {
        w.bool(crawl != nil)
        if let crawl {
            w.int(crawl.pages)
            w.int(crawl.assets)
            w.int(crawl.linksChecked)
            w.int(crawl.findings.count)
            for finding in crawl.findings {
                Self.write([finding.diagnostic], to: &w)
                w.optionalString(finding.page)
                w.optionalString(finding.href)
            }
        }
    }

    /// Reads a cache; `details` opens the details file of a generation (`nil` when it cannot, and
    /// then neither can the cache be used).
    init?(reading r: inout ByteReader, details openDetails: (UInt64) -> DetailsStore?) {
        guard r.string() == Self.magic, let environment = r.uint(), let shape = r.uint(), let manifest = r.uint(),
            let memoGeneration = r.uint(), let navInputs = r.uint(), let navShapeLength = r.count(),
            case let navShapeStart = r.position, r.skip(navShapeLength), let manifestStamp = r.uint(),
            let siteDisplay = r.string(),
            let outputDisplay = r.string(), let detailsGeneration = r.uint(), let pageCount = r.count(),
            let store = openDetails(detailsGeneration)
        else { return nil }
        details = store
        self.siteDisplay = siteDisplay
        self.outputDisplay = outputDisplay
        self.memoGeneration = memoGeneration
        self.navInputs = navInputs
        navShape = navShapeLength == 0 ? nil : r.buffer[navShapeStart..<navShapeStart + navShapeLength]
        self.manifestStamp = manifestStamp
        readBytes = r.buffer
        self.environment = environment
        self.shape = shape
        manifestFingerprint = manifest
        var ranges: [Range<Int>] = []
        var wholeRanges: [Range<Int>] = []
        ranges.reserveCapacity(pageCount)
        wholeRanges.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            let whole = r.position
            guard let length = r.count() else { return nil }
            let start = r.position
            guard r.skip(length) else { return nil }
            ranges.append(start..<start + length)
            wholeRanges.append(whole..<start + length)
        }
        guard var parts = Self.readPageRecords(r.buffer, ranges: ranges, details: store) else { return nil }
        var read: [PageRecord] = []
        read.reserveCapacity(ranges.count)
        for index in parts.indices {
            var part: [PageRecord] = []
            swap(&part, &parts[index])
            // Moved, not copied: each record holds dozens of references to retain and release.
            for record in consume part {
                detailsLive += record.page.details?.range.count ?? 0
                read.append(record)
            }
        }
        pages = PageRecords(ordered: read, wholeRanges: wholeRanges)
        guard let assetCount = r.count() else { return nil }
        for _ in 0..<assetCount {
            guard let path = r.string(), let modified = r.int(), let size = r.int(), let sha = r.string(),
                Self.isSane(size: size, sha256: sha)
            else { return nil }
            assets[SitePath(unchecked: path)] = FileRecord(modified: modified, size: size, sha256: sha)
        }
        guard let outputCount = r.count() else { return nil }
        outputs.reserveCapacity(outputCount)
        var readInOrder = ReadOutputs()
        readInOrder.records.reserveCapacity(outputCount)
        outputOrder.reserveCapacity(outputCount)
        for _ in 0..<outputCount {
            let start = r.position
            guard let path = r.string(), let inputs = r.fixed(), let size = r.int(), let sha = r.string(),
                Self.isSane(size: size, sha256: sha)
            else { return nil }
            let record = OutputRecord(inputs: inputs, size: size, sha256: sha, encoded: start..<r.position)
            outputs[SitePath(unchecked: path)] = record
            outputOrder.append(path)
            readInOrder.records.append(record)
        }
        readInOrder.paths = outputOrder
        readOutputs = readInOrder
        replacedOutputs = []
        guard let hasCrawl = r.bool() else { return nil }
        if hasCrawl {
            guard let pages = r.int(), let assets = r.int(), let links = r.int(), let count = r.count() else { return nil }
            var findings: [CachedFinding] = []
            for _ in 0..<count {
                guard let diagnostic = Self.readDiagnostics(&r)?.first, let page = r.optionalString(),
                    let href = r.optionalString()
                else { return nil }
                findings.append(CachedFinding(diagnostic: diagnostic, page: page, href: href))
            }
            crawl = CachedCrawl(findings: findings, pages: pages, assets: assets, linksChecked: links)
        }
        guard r.isAtEnd else { return nil }
    }

    private static func write(_ page: Page, details: DetailsWriter, to w: inout ByteWriter) {
        w.string(page.source.rawValue)
        w.string(page.output.rawValue)
        w.string(page.displayPath)
        w.string(page.title)
        let meta = page.meta
        // The front matter's title is most often the page's title: written once, the second a mark.
        switch meta.title {
        case nil: w.uint(0)
        case page.title?: w.uint(1)
        case let other?:
            w.uint(2)
            w.string(other)
        }
        w.optionalString(meta.description)
        w.bool(meta.order != nil)
        if let order = meta.order { w.int(order) }
        w.optionalString(meta.template)
        w.bool(meta.draft)
        w.strings(meta.aliases)
        w.optionalString(meta.navTitle)
        w.optionalString(page.body.title)
        let range: Range<Int>
        let fingerprint: UInt64
        if let reference = page.details, reference.store === details.appendingTo {
            range = reference.range
            fingerprint = reference.fingerprint
        } else if let reference = page.details {
            let bytes = reference.bytes() ?? []
            range = details.append(bytes)
            fingerprint = Fingerprint.of(bytes)
        } else {
            var encoded = ByteWriter()
            writeDetails(page.body, to: &encoded)
            range = details.append(encoded.bytes)
            fingerprint = Fingerprint.of(encoded.bytes)
        }
        w.int(range.lowerBound)
        w.int(range.count)
        w.fixed(fingerprint)
        w.fixed(page.anchors.fingerprint)
        if let encoded = page.anchors.encoded {
            w.bytes += encoded
        } else {
            w.strings(page.anchorIDs.sorted())
        }
    }

    /// Decodes the page records at `ranges` of `buffer`, spread over the cores (a part of them per
    /// task): 10,000 records are most of the time it takes to read a cache. `nil` if any is damaged.
    private static func readPageRecords(_ buffer: [UInt8], ranges: [Range<Int>], details: DetailsStore) -> [[PageRecord]]? {
        let parts = ParallelParts.map(
            count: ranges.count, threshold: 1024, parts: ProcessInfo.processInfo.activeProcessorCount * 2
        ) { part -> [PageRecord]? in
            var records: [PageRecord] = []
            records.reserveCapacity(part.count)
            for range in ranges[part] {
                var reader = ByteReader(buffer, range: range)
                guard let record = readPageRecord(&reader, encoded: buffer[range], details: details) else { return nil }
                records.append(record)
            }
            return records
        }
        var all: [[PageRecord]] = []
        all.reserveCapacity(parts.count)
        for part in parts {
            guard let part else { return nil }
            all.append(part)
        }
        return all
    }

    private static func readPageRecord(_ r: inout ByteReader, encoded: ArraySlice<UInt8>, details: DetailsStore)
        -> PageRecord?
    {
        // The path comes before the page it is the source of: compared with it after, as bytes.
        guard let path = r.lengthPrefixed(), let modified = r.fixed().map({ Int(Int64(bitPattern: $0)) }), let size = r.int(),
            let fingerprint = r.fixed(),
            var page = readPage(&r, details: details), let warnings = readDiagnostics(&r), let findings = readDiagnostics(&r),
            r.isAtEnd, r.bytes(in: path, equal: page.source.rawValue)
        else { return nil }
        page.sourceFingerprint = fingerprint
        return PageRecord(
            modified: modified, size: size, fingerprint: fingerprint, page: page, warnings: warnings, findings: findings,
            encoded: encoded)
    }

    /// Headings and links: the part of a page record kept encoded until needed.
    private static func writeDetails(_ body: RenderedMarkdown, to w: inout ByteWriter) {
        w.int(body.headings.count)
        for heading in body.headings {
            w.int(heading.level)
            w.string(heading.text)
            w.string(heading.id)
            w.int(heading.line)
            w.int(heading.column)
        }
        w.int(body.links.count)
        for link in body.links {
            w.string(link.destination)
            w.string(link.rewritten)
            w.bool(link.isImage)
            w.int(link.line)
            w.int(link.column)
        }
        w.string(body.text)
    }

    /// Headings, links and the search text of a page's details.
    static func decodeDetails(_ bytes: ArraySlice<UInt8>) -> (headings: [Heading], links: [MarkdownLink], text: String)? {
        var r = ByteReader(Array(bytes))
        guard let headingCount = r.count() else { return nil }
        var headings: [Heading] = []
        for _ in 0..<headingCount {
            guard let level = r.int(), let text = r.string(), let id = r.string(), let line = r.int(), let column = r.int() else {
                return nil
            }
            headings.append(Heading(level: level, text: text, id: id, line: line, column: column))
        }
        guard let linkCount = r.count() else { return nil }
        var links: [MarkdownLink] = []
        for _ in 0..<linkCount {
            guard let destination = r.string(), let rewritten = r.string(), let isImage = r.bool(), let line = r.int(),
                let column = r.int()
            else { return nil }
            links.append(
                MarkdownLink(destination: destination, rewritten: rewritten, isImage: isImage, line: line, column: column))
        }
        guard let text = r.string(), r.isAtEnd else { return nil }
        return (headings, links, text)
    }

    private static func readPage(_ r: inout ByteReader, details store: DetailsStore) -> Page? {
        guard let source = r.string(), let output = r.string(), let display = r.string(), let title = r.string() else {
            return nil
        }
        var meta = PageMeta()
        switch r.uint() {
        case 0: meta.title = nil
        case 1: meta.title = title
        case 2:
            guard let other = r.string() else { return nil }
            meta.title = other
        default: return nil
        }
        guard let description = r.optionalString(), let hasOrder = r.bool() else { return nil }
        meta.description = description
        if hasOrder {
            guard let order = r.int() else { return nil }
            meta.order = order
        }
        guard let template = r.optionalString(), let draft = r.bool(), let aliases = r.strings(),
            let navTitle = r.optionalString(),
            let bodyTitle = r.optionalString(), let detailsStart = r.int(), let detailsLength = r.int(),
            let detailsFingerprint = r.fixed(),
            detailsStart >= DetailsStore.headerSize, detailsLength >= 0, detailsStart + detailsLength <= store.end
        else { return nil }
        meta.template = template
        meta.draft = draft
        meta.aliases = aliases
        meta.navTitle = navTitle
        guard let anchorsFingerprint = r.fixed() else { return nil }
        let anchorsStart = r.position
        guard r.skipStrings() else { return nil }
        return Page(
            source: SitePath(unchecked: source), output: SitePath(unchecked: output), meta: meta, title: title,
            body: RenderedMarkdown(html: "", title: bodyTitle, headings: [], links: []), displayPath: display,
            anchors: PageAnchors(encoded: r.bytes(since: anchorsStart), fingerprint: anchorsFingerprint), hasBody: false,
            sourceFingerprint: 0,
            details: DetailsReference(
                store: store, range: detailsStart..<detailsStart + detailsLength, fingerprint: detailsFingerprint))
    }

    private static func write(_ diagnostics: [Diagnostic], to w: inout ByteWriter) {
        w.int(diagnostics.count)
        for d in diagnostics {
            w.bool(d.severity == .error)
            w.string(d.rule.rawValue)
            w.string(d.message)
            w.optionalString(d.location?.path)
            w.int(d.location?.line ?? 0)
            w.int(d.location?.column ?? 0)
            w.optionalString(d.link)
        }
    }

    private static func readDiagnostics(_ r: inout ByteReader) -> [Diagnostic]? {
        guard let count = r.count() else { return nil }
        var out: [Diagnostic] = []
        for _ in 0..<count {
            guard let isError = r.bool(), let rule = r.string(), let message = r.string(), let path = r.optionalString(),
                let line = r.int(), let column = r.int(), let link = r.optionalString()
            else { return nil }
            var diagnostic = Diagnostic(
                isError ? .error : .warning, RuleID(rule), message,
                at: path.map { SourceLocation(path: $0, line: line, column: column) })
            diagnostic.link = link
            out.append(diagnostic)
        }
        return out
    }

    /// Whether a file record could have been written by a build: a damaged cache that still parses
    /// would otherwise put its bytes into the manifest (which then refuses them on every build) or
    /// keep files it no longer describes. Then the whole cache is set aside: a full build.
    static func isSane(size: Int, sha256: String) -> Bool {
        size >= 0 && Manifest.isLowercaseHexDigest(sha256)
    }
}
