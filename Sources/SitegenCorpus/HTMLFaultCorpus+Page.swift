extension HTMLFaultCorpus {
    /// Renders one documentation page as lines, so injected faults have known line numbers.
    struct PageWriter {
        let layout: Layout
        let index: Int
        let path: String
        private var random: Random

        private static let words = """
            bundle resolver manifest page section offline scheme request response header cache build \
            render template fragment anchor heading link asset style sheet image script folder index \
            install configure deploy preview check report warning error rule entry origin host path \
            the a of to and in for with on is are be by this that from each every one when
            """.split(separator: " ").map(String.init)

        init(layout: Layout, index: Int, seed: UInt64) {
            self.layout = layout
            self.index = index
            path = layout.pages[index]
            random = Random(seed: seed &* 0x1000_0001 &+ UInt64(index))
        }

        private func rel(_ target: String, pretty: Bool = false) -> String {
            Layout.relative(from: path, to: target, pretty: pretty)
        }

        private mutating func sentence(_ count: Int) -> String {
            var words: [String] = []
            for _ in 0..<count { words.append(Self.words[random.below(Self.words.count)]) }
            return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
        }

        private mutating func paragraph() -> String {
            var text: [String] = []
            for _ in 0..<random.within(4...7) { text.append(sentence(random.within(8...16))) }
            return "<p>" + text.joined(separator: " ") + "</p>"
        }

        /// A link to another linked page, sometimes with a fragment that exists there.
        private mutating func crossLink() -> String {
            var target = random.below(layout.linkedCount)
            if target == index { target = (target + 1) % layout.linkedCount }
            let targetPath = layout.pages[target]
            var href = rel(targetPath, pretty: random.below(2) == 0)
            switch random.below(3) {
            case 0: href += "#sec-\(1 + random.below(Layout.headingCount(target)))"
            case 1: href += "#intro"
            default: break
            }
            return "<li><a href=\"\(href)\">\(sentence(3).dropLast())</a></li>"
        }

        /// The page's lines and the findings its faults cause.
        mutating func lines(faults: [Fault]) -> (lines: [String], expected: [ExpectedFinding]) {
            let title = sentence(4).dropLast()
            let assets = rel("assets/x").dropLast(1)
            var out = [
                "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
                "<title>\(title) &amp; more</title>",
                "<link rel=\"stylesheet\" href=\"\(assets)css/site.css?v=3\">",
                "<link rel=\"icon\" href=\"\(assets)img/favicon.png\">",
                "<script src=\"\(assets)js/app.js\" defer></script>", "</head>", "<body>",
            ]
            var crumbs = ["<a href=\"\(rel("index.html", pretty: true))\">Home</a>"]
            var ancestor = layout.parent[index]
            while let current = ancestor, current != 0 {
                crumbs.insert("<a href=\"\(rel(layout.pages[current], pretty: true))\">Up</a>", at: 1)
                ancestor = layout.parent[current]
            }
            out.append("<header id=\"top-bar\"><nav class=\"breadcrumbs\">\(crumbs.joined(separator: " / "))</nav></header>")
            out += ["<main id=\"content\">", "<h1 id=\"intro\">\(title)</h1>", paragraph()]
            var expected: [ExpectedFinding] = []
            for fault in faults {
                let (lines, offset) = fault.lines(page: path, layout: layout)
                expected.append(ExpectedFinding(file: path, line: out.count + offset + 1, rule: fault.rule))
                out += lines
            }
            let figure = random.below(HTMLFaultCorpus.figureCount)
            out.append(
                "<figure><img src=\"\(assets)img/fig-\(figure).png\" srcset=\"\(assets)img/fig-\(figure).png 1x, \(assets)img/fig-\(figure)@2x.png 2x\" alt=\"Figure\"></figure>"
            )
            for section in 1...Layout.headingCount(index) {
                out.append("<h2 id=\"sec-\(section)\">\(sentence(3).dropLast())</h2>")
                out.append(paragraph())
            }
            out += extras()
            out.append("<h2 id=\"see-also\">See also</h2>")
            out.append("<ul class=\"related\">")
            for _ in 0..<random.within(3...7) { out.append(crossLink()) }
            for child in layout.children[index] ?? [] {
                out.append("<li><a href=\"\(rel(layout.pages[child], pretty: true))\">Child page</a></li>")
            }
            out.append("</ul>")
            out.append(pager())
            out += [
                "</main>",
                "<footer><a href=\"#top\">Back to top</a> · <a href=\"mailto:docs@example.com\">Feedback</a> · <a href=\"javascript:void(0)\">Print</a> · <a href=\"#\">Menu</a></footer>",
                "</body>", "</html>",
            ]
            return (out, expected)
        }

        private func pager() -> String {
            guard index < layout.linkedCount else { return "<nav class=\"pager\"></nav>" }
            var links: [String] = []
            if index > 0 { links.append("<a href=\"\(rel(layout.pages[index - 1]))\" rel=\"prev\">Previous</a>") }
            if index + 1 < layout.linkedCount {
                links.append("<a href=\"\(rel(layout.pages[index + 1]))\" rel=\"next\">Next</a>")
            }
            return "<nav class=\"pager\">\(links.joined(separator: " "))</nav>"
        }

        /// Features that some pages have: encoded fragments, `<a name>`, style blocks and attributes,
        /// media, templates, and markup inside `<textarea>` that is text, not links.
        private func extras() -> [String] {
            let assets = rel("assets/x").dropLast(1)
            var out: [String] = []
            if index % 7 == 0 { out += ["<h3 id=\"café\">Café</h3>", "<p><a href=\"#caf%C3%A9\">Café</a></p>"] }
            if index % 4 == 0 {
                out += ["<p><a name=\"legacy-\(index)\"></a>Old anchor, <a href=\"#legacy-\(index)\">linked</a>.</p>"]
            }
            if index % 5 == 0 { out += ["<style>", ".hero { background: url(\"\(assets)img/hero.png\"); }", "</style>"] }
            if index % 6 == 0 { out += ["<div class=\"hero\" style=\"background-image: url(\(assets)img/bg.png)\"></div>"] }
            if index % 9 == 0 {
                out.append(
                    "<video controls poster=\"\(assets)img/poster.png\"><source src=\"\(assets)media/clip.mp4\" type=\"video/mp4\"></video>"
                )
            }
            if index % 11 == 0 { out += ["<template id=\"row\"><a href=\"\(rel("index.html"))\">Home</a></template>"] }
            if index % 13 == 0 { out += ["<textarea>Paste <a href=\"not-a-link.html\">markup</a> here</textarea>"] }
            return out
        }
    }
}
