extension HTMLFaultCorpus {
    /// One injected fault: the lines it adds to a page and which of them the finding points at.
    struct Fault {
        var rule: String
        var number: Int

        /// The lines to insert into page `path` of `layout`, and the offset of the faulty line.
        func lines(page path: String, layout: Layout) -> (lines: [String], findingOffset: Int) {
            let n = number
            switch rule {
            case "broken-link":
                return (["<p>The old notes are in <a href=\"missing-page-\(n).html\">the archive</a>.</p>"], 0)
            case "broken-fragment":
                let target = n % 2 == 0 ? "" : Layout.relative(from: path, to: "index.html")
                return (["<p>Jump to <a href=\"\(target)#gone-section-\(n)\">the removed section</a>.</p>"], 0)
            case "escapes-root":
                let ups = String(repeating: "../", count: Layout.depth(path) + 1)
                return (["<p><img src=\"\(ups)shared/logo-\(n).png\" alt=\"Shared logo\"></p>"], 0)
            case "file-url":
                return (["<p>A <a href=\"file:///Users/writer/docs/page-\(n).html\">local copy</a> of this page.</p>"], 0)
            case "invalid-url":
                return (["<p>Mirror: <a href=\"http://exa mple\(n).com/docs/\">example</a>.</p>"], 0)
            case "case-mismatch":
                let name = path.split(separator: "/").last.map(String.init) ?? "index.html"
                return (["<p>This page as <a href=\"\(name.prefix(1).uppercased() + name.dropFirst())\">a permalink</a>.</p>"], 0)
            case "directory-no-slash":
                let folder = path.hasPrefix("s0/t0/") ? "s0/t1/index.html" : "s0/t0/index.html"
                var href = Layout.relative(from: path, to: folder, pretty: true)
                href.removeLast()
                return (["<p>See <a href=\"\(href)\">the first topic</a>.</p>"], 0)
            case "absolute-path":
                let target = layout.parent[layout.pages.firstIndex(of: path) ?? 0].map { layout.pages[$0] } ?? "index.html"
                return (["<p>Back to <a href=\"/\(target)\">the overview</a>.</p>"], 0)
            case "duplicate-id":
                return (["<p id=\"note-\(n)\">Note.</p>", "<p id=\"note-\(n)\">Another note.</p>"], 1)
            default:  // external-link
                return (["<p>Upstream: <a href=\"https://example.org/docs/page-\(n)\">the project site</a>.</p>"], 0)
            }
        }
    }
}
