extension HTMLFaultCorpus {
    /// Where the pages go: `index.html`, then sections `sN/index.html`, topics `sN/tM/index.html` and
    /// leaf pages `sN/tM/pK.html`, in crawl order; orphans `sN/tM/old-K.html` come last.
    struct Layout {
        static let topicsPerSection = 8
        static let leavesPerTopic = 12

        /// Every page path; the last `orphans` ones are linked by nothing.
        private(set) var pages: [String] = []
        let orphans: Int
        /// Children of each page in the navigation tree (index into `pages`).
        private(set) var children: [Int: [Int]] = [:]
        private(set) var parent: [Int: Int] = [:]

        init(pages count: Int, orphans: Int) {
            self.orphans = orphans
            let linked = count - orphans
            add("index.html", parent: nil)
            var section = 0
            outer: while pages.count < linked {
                let sectionIndex = add("s\(section)/index.html", parent: 0)
                for topic in 0..<Self.topicsPerSection {
                    guard pages.count < linked else { break outer }
                    let topicIndex = add("s\(section)/t\(topic)/index.html", parent: sectionIndex)
                    for leaf in 0..<Self.leavesPerTopic {
                        guard pages.count < linked else { break outer }
                        add("s\(section)/t\(topic)/p\(leaf).html", parent: topicIndex)
                    }
                }
                section += 1
            }
            let folders = pages.filter { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3 }
            for orphan in 0..<orphans {
                let folder = folders[orphan % max(folders.count, 1)].dropLast("index.html".count)
                pages.append("\(folder)old-\(orphan).html")
            }
        }

        @discardableResult
        private mutating func add(_ path: String, parent: Int?) -> Int {
            pages.append(path)
            let index = pages.count - 1
            if let parent {
                children[parent, default: []].append(index)
                self.parent[index] = parent
            }
            return index
        }

        /// Pages the crawl reaches from `index.html`.
        var linkedCount: Int { pages.count - orphans }

        /// Folder depth of `path` (`index.html` is 0, `s1/t2/p3.html` is 2).
        static func depth(_ path: String) -> Int { path.split(separator: "/").count - 1 }

        /// The relative reference from page `from` to file `to`; a folder index is written as its
        /// folder with a trailing slash when `pretty` is set (`../t2/`), as Hugo and MkDocs do.
        static func relative(from: String, to: String, pretty: Bool = false) -> String {
            let fromDirs = from.split(separator: "/").dropLast()
            var toParts = to.split(separator: "/").map(String.init)
            let toDirs = toParts.dropLast()
            var common = 0
            while common < fromDirs.count, common < toDirs.count, fromDirs[common] == toDirs[common] { common += 1 }
            let ups = String(repeating: "../", count: fromDirs.count - common)
            toParts.removeFirst(common)
            if pretty, toParts.last == "index.html" {
                toParts.removeLast()
                let rest = toParts.map { $0 + "/" }.joined()
                let result = ups + rest
                return result.isEmpty ? "./" : result
            }
            return ups + toParts.joined(separator: "/")
        }

        /// Ids of headings on page `index`: `intro` and `sec-1` ... `sec-n`.
        static func headingCount(_ index: Int) -> Int { 3 + index % 4 }
    }
}
