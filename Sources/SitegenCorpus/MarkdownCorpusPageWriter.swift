import SitegenCore

extension MarkdownCorpus {
    /// Writes one page of a plan as Markdown lines, keeping count of the line numbers so that the
    /// injected fault's position is known exactly.
    struct PageWriter {
        let plan: Plan
        let index: Int
        var prose: Prose
        var lines: [String] = []
        var bytes = 0
        var links = 0
        var fault: Fault?

        static let imageCount = 6

        init(plan: Plan, index: Int, seed: UInt64) {
            self.plan = plan
            self.index = index
            prose = Prose(random: Random.derived(seed: seed, salt: UInt64(index) + 1))
        }

        var page: Plan.Page { plan.pages[index] }

        mutating func emit(_ line: String) {
            lines.append(line)
            bytes += line.utf8.count + 1
        }

        mutating func paragraph(links count: Int) {
            let sentences = prose.random.int(2...4)
            var text: [String] = []
            for number in 0..<sentences {
                text.append(prose.sentence(link: number < count ? link() : nil))
            }
            emit(text.joined(separator: " "))
            emit("")
        }

        /// The whole page: front matter, then the body for its kind.
        mutating func write() -> String {
            emit("---")
            emit("title: \(page.title)")
            emit("description: \(prose.sentence(words: prose.random.int(6...10), plain: true).dropLast())")
            emit("order: \(page.order)")
            emit("---")
            emit("")
            if page.kind == .leaf { writeLeaf() } else { writeIndex() }
            return lines.joined(separator: "\n") + "\n"
        }

        private mutating func writeIndex() {
            paragraph(links: 0)
            for heading in page.headings {
                emit("\(String(repeating: "#", count: heading.level)) \(heading.text)")
                emit("")
                if heading.slug == "in-this-section" {
                    for child in page.children {
                        emit(
                            "- [\(plan.pages[child].title)](\(page.path.relativeReference(to: plan.pages[child].path))): \(prose.sentence(words: 6))"
                        )
                        links += 1
                    }
                    if page.children.isEmpty { emit("Nothing here yet.") }
                    emit("")
                } else {
                    paragraph(links: prose.random.int(0...2))
                }
            }
        }

        private mutating func writeLeaf() {
            let target = prose.random.int(3_000...5_400)
            var pending = prose.random.int(5...15)
            paragraph(links: 1)
            pending -= 1
            if let number = page.fault { injectFault(number) }
            let sections = page.headings.indices.filter { page.headings[$0].level == 2 }
            for (position, start) in sections.enumerated() {
                let end = position + 1 < sections.count ? sections[position + 1] : page.headings.count
                let budget = bytes + (target - bytes) / (sections.count - position)
                for heading in page.headings[start..<end] {
                    emit("\(String(repeating: "#", count: heading.level)) \(heading.text)")
                    emit("")
                    let share = pending > 0 && prose.random.chance(70) ? 1 : 0
                    paragraph(links: share)
                    pending -= share
                }
                while bytes < budget { block(&pending) }
            }
            if pending > 0 {
                emit("See also: " + (0..<pending).map { _ in link() }.joined(separator: ", ") + ".")
                emit("")
            }
        }

        private mutating func block(_ pending: inout Int) {
            switch prose.random.int(0...9) {
            case 0...3:
                let share = pending > 0 && prose.random.chance(50) ? 1 : 0
                paragraph(links: share)
                pending -= share
            case 4...5:
                let ordered = prose.random.chance(30)
                for item in 1...prose.random.int(3...6) {
                    let share = pending > 0 && prose.random.chance(25)
                    if share { pending -= 1 }
                    emit(
                        "\(ordered ? "\(item)." : "-") \(prose.sentence(words: prose.random.int(4...9), link: share ? link() : nil))"
                    )
                }
                emit("")
            case 6...8:
                for line in prose.codeBlock() { emit(line) }
                emit("")
            default:
                let image = SitePath(unchecked: "images/diagram-\(prose.random.int(1...Self.imageCount)).svg")
                emit("![Diagram of the \(prose.random.pick(Words.nouns)) flow](\(page.path.relativeReference(to: image)))")
                emit("")
            }
        }

        /// A relative link to another page, a heading of another page, or a heading of this page.
        mutating func link() -> String {
            links += 1
            let random = prose.random.int(0...99)
            let candidates: [Int]
            switch random {
            case 0..<45 where page.group >= 0: candidates = plan.groups[page.group]
            case 0..<70 where page.section >= 0: candidates = plan.sections[page.section]
            case 90...: candidates = [index]
            default: candidates = Array(plan.pages.indices)
            }
            let target = prose.pick(candidates)
            let other = plan.pages[target]
            let path = target == index ? "" : page.path.relativeReference(to: other.path)
            if (path.isEmpty || prose.random.chance(40)), !other.headings.isEmpty {
                let heading = prose.pick(other.headings)
                return "[\(heading.text)](\(path)#\(heading.slug))"
            }
            return "[\(other.title)](\(path.isEmpty ? page.path.lastComponent : path))"
        }

        private mutating func injectFault(_ number: Int) {
            let prefix = "Before you continue, read "
            let destination: String
            let rule: RuleID
            if number % 2 == 0 {
                destination = "no-such-page-\(number + 1).md"
                rule = .brokenLink
            } else {
                let sibling = plan.groups[page.group].first { $0 != index } ?? index
                destination = "\(plan.pages[sibling].path.lastComponent)#no-such-heading-\(number + 1)"
                rule = .brokenFragment
            }
            fault = Fault(
                path: page.path.rawValue, line: lines.count + 1, column: prefix.utf8.count + 1, rule: rule,
                destination: destination)
            emit("\(prefix)[the missing part](\(destination)) first.")
            emit("")
            links += 1
        }
    }
}

extension MarkdownCorpus.Prose {
    mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }
}
