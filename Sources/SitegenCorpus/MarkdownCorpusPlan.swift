import SitegenCore

extension MarkdownCorpus {
    /// The shape of a corpus before any text exists: every page's path, title and headings, so that
    /// links and fragments written into one page point at what other pages really contain.
    struct Plan: Sendable {
        enum Kind: Sendable { case home, section, subsection, leaf }

        struct Heading: Sendable {
            var level: Int
            var text: String
            /// The GitHub-style id the renderer gives the heading.
            var slug: String
        }

        struct Page: Sendable {
            var path: SitePath
            var kind: Kind
            var title: String
            var order: Int
            var headings: [Heading]
            /// Pages this index lists (empty for leaves).
            var children: [Int] = []
            /// The top section and subsection (group of leaves) the page belongs to; -1 for the home page.
            var section = -1
            var group = -1
            /// The number of the injected fault on this page, if any (0-based).
            var fault: Int?
        }

        var pages: [Page] = []
        /// Leaf pages by group, for sibling links.
        var groups: [[Int]] = []
        /// Leaf pages by top section.
        var sections: [[Int]] = []
        var faultCount = 0

        static let sectionCount = 10

        init(pages total: Int, seed: UInt64) {
            var random = Random.derived(seed: seed, salt: 0)
            let subsectionsPerSection = min(10, max(1, total / 100))
            let indexCount = 1 + Self.sectionCount * (1 + subsectionsPerSection)
            let leafCount = max(0, total - indexCount)
            pages.append(Page(path: SitePath(unchecked: "index.md"), kind: .home, title: "Example Docs", order: 0, headings: []))
            for (sectionIndex, name) in Words.sections.prefix(Self.sectionCount).enumerated() {
                let sectionPage = pages.count
                pages.append(
                    Page(
                        path: SitePath(unchecked: "\(name)/index.md"), kind: .section, title: Self.prettify(name),
                        order: sectionIndex + 1, headings: [], section: sectionIndex))
                pages[0].children.append(sectionPage)
                sections.append([])
                var folderNames = Set<String>()
                for subIndex in 0..<subsectionsPerSection {
                    let base = "\(random.pick(Words.adjectives))-\(random.pick(Words.nouns))"
                    let folder = Self.unique(base, in: &folderNames)
                    let page = pages.count
                    pages.append(
                        Page(
                            path: SitePath(unchecked: "\(name)/\(folder)/index.md"), kind: .subsection,
                            title: Self.prettify(folder), order: subIndex + 1, headings: [], section: sectionIndex,
                            group: groups.count))
                    pages[sectionPage].children.append(page)
                    groups.append([])
                }
            }
            var fileNames: [Set<String>] = Array(repeating: [], count: groups.count)
            for leaf in 0..<leafCount {
                let group = leaf % groups.count
                let owner = 1 + (group / subsectionsPerSection) * (1 + subsectionsPerSection) + 1 + group % subsectionsPerSection
                let base = "\(random.pick(Words.verbs))-\(random.pick(Words.adjectives))-\(random.pick(Words.nouns))"
                let name = Self.unique(base, in: &fileNames[group])
                let page = pages.count
                pages.append(
                    Page(
                        path: SitePath(unchecked: "\(pages[owner].path.parent.rawValue)/\(name).md"), kind: .leaf,
                        title: Self.prettify(name), order: groups[group].count + 1, headings: [],
                        section: pages[owner].section, group: group))
                pages[owner].children.append(page)
                groups[group].append(page)
                sections[pages[owner].section].append(page)
            }
            for index in pages.indices {
                pages[index].headings = Self.headings(for: pages[index].kind, random: &random)
            }
            let leaves = pages.indices.filter { pages[$0].kind == .leaf }
            faultCount = leaves.isEmpty ? 0 : total / 50
            for fault in 0..<faultCount {
                pages[leaves[fault * leaves.count / faultCount]].fault = fault
            }
        }

        private static func headings(for kind: Kind, random: inout Random) -> [Heading] {
            var texts: [(Int, String)] = []
            switch kind {
            case .home, .section, .subsection:
                texts = [(2, "In this section"), (2, "Overview")]
                for _ in 0..<random.int(1...2) { texts.append((2, sentenceCase(phrase(&random)))) }
            case .leaf:
                for _ in 0..<random.int(3...5) {
                    texts.append((2, sentenceCase(phrase(&random))))
                    for _ in 0..<random.int(0...1) { texts.append((3, sentenceCase(phrase(&random)))) }
                }
            }
            var taken = Set<String>()
            return texts.map { level, text in
                let base = text.lowercased().replacingOccurrences(of: " ", with: "-")
                var slug = base, suffix = 1
                while taken.contains(slug) {
                    slug = "\(base)-\(suffix)"
                    suffix += 1
                }
                taken.insert(slug)
                return Heading(level: level, text: text, slug: slug)
            }
        }

        private static func phrase(_ random: inout Random) -> String {
            switch random.int(0...2) {
            case 0: "\(random.pick(Words.verbs)) the \(random.pick(Words.adjectives)) \(random.pick(Words.nouns))"
            case 1: "\(random.pick(Words.adjectives)) \(random.pick(Words.nouns)) \(random.pick(Words.nouns))s"
            default: "how \(random.pick(Words.nouns))s \(random.pick(Words.verbs)) \(random.pick(Words.nouns))s"
            }
        }

        static func sentenceCase(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

        static func prettify(_ name: String) -> String { sentenceCase(name.replacingOccurrences(of: "-", with: " ")) }

        private static func unique(_ base: String, in taken: inout Set<String>) -> String {
            var name = base, suffix = 2
            while taken.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            return name
        }
    }
}
