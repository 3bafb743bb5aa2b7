import Foundation

extension HTMLFaultCorpus {
    /// The whole corpus decided up front from the page count and seed: layout and fault placement.
    struct Plan {
        let layout: Layout
        let seed: UInt64
        /// Faults per page index (linked pages only).
        private(set) var faults: [Int: [Fault]] = [:]

        init(pages: Int, seed: UInt64) {
            let perRule = HTMLFaultCorpus.faultsPerRule(pages: pages)
            layout = Layout(pages: pages, orphans: perRule)
            self.seed = seed
            var random = Random(seed: seed ^ 0xFA17)
            var number = 0
            for rule in HTMLFaultCorpus.rules where rule != "orphan" {
                for _ in 0..<perRule {
                    faults[random.below(layout.linkedCount), default: []].append(Fault(rule: rule, number: number))
                    number += 1
                }
            }
        }

        /// Every file of the tree and the findings a correct checker reports on it.
        func build() -> (files: [File], expected: [ExpectedFinding]) {
            var files = HTMLFaultCorpus.assets()
            var expected: [ExpectedFinding] = []
            for index in layout.pages.indices {
                var page = PageWriter(layout: layout, index: index, seed: seed)
                let (lines, found) = page.lines(faults: faults[index] ?? [])
                expected += found
                if index >= layout.linkedCount {
                    expected.append(ExpectedFinding(file: layout.pages[index], line: 0, rule: "orphan"))
                }
                files.append(File(path: layout.pages[index], contents: Data((lines.joined(separator: "\n") + "\n").utf8)))
            }
            return (files, expected)
        }
    }
}
