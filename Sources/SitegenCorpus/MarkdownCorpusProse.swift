extension MarkdownCorpus {
    /// Sentences, list items and code blocks made of the corpus vocabulary.
    struct Prose {
        var random: Random

        mutating func word() -> String {
            switch random.int(0...9) {
            case 0...3: random.pick(Words.fillers)
            case 4...6: random.pick(Words.nouns)
            case 7...8: random.pick(Words.adjectives)
            default: random.pick(Words.verbs)
            }
        }

        /// A sentence of `count` words; `link` (Markdown) goes somewhere inside it; `plain` leaves out
        /// code spans and emphasis.
        mutating func sentence(words count: Int? = nil, link: String? = nil, plain: Bool = false) -> String {
            var words = (0..<(count ?? random.int(8...16))).map { _ in word() }
            if plain { return Plan.sentenceCase(words.joined(separator: " ")) + "." }
            if random.chance(15) {
                words[random.int(1...(words.count - 1))] = "`\(random.pick(Words.nouns)).\(random.pick(Words.verbs))()`"
            }
            if random.chance(10) { words[random.int(1...(words.count - 1))] = "**\(random.pick(Words.adjectives))**" }
            if let link { words.insert(link, at: random.int(1...words.count)) }
            return Plan.sentenceCase(words.joined(separator: " ")) + "."
        }

        /// A fenced code block with an info string.
        mutating func codeBlock() -> [String] {
            let language = random.pick(Words.languages)
            var lines = ["```\(language)"]
            for _ in 0..<random.int(4...10) { lines.append(codeLine(language)) }
            lines.append("```")
            return lines
        }

        private mutating func codeLine(_ language: String) -> String {
            let noun = random.pick(Words.nouns), verb = random.pick(Words.verbs), adjective = random.pick(Words.adjectives)
            let number = random.int(1...4096)
            switch language {
            case "swift": return "let \(noun) = try \(verb)(\(adjective): \(number), in: .\(random.pick(Words.nouns)))"
            case "bash": return "sitegen \(verb) --\(noun) \(adjective)/\(random.pick(Words.nouns)) --limit \(number)"
            case "json": return "  \"\(noun)\": { \"\(adjective)\": \(number), \"mode\": \"\(verb)\" },"
            case "yaml": return "\(noun): { \(adjective): \(number), mode: \(verb) }"
            case "python": return "\(noun) = client.\(verb)(\"\(adjective)\", limit=\(number))"
            default: return "const \(noun) = await \(verb)({ \(adjective): \(number) });"
            }
        }
    }
}
