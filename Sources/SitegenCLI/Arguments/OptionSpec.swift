/// One option a command accepts, as shown in its `--help`.
struct OptionSpec: Sendable {
    /// The long name with dashes, e.g. `--site`.
    var name: String
    /// The value's placeholder (`DIR`), or `nil` for a flag.
    var valueName: String?
    /// Whether the option may be given more than once.
    var repeatable = false
    var help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, repeatable: repeatable, help: help)
    }
}

/// What a command accepts: its options and positional arguments, and the text of its `--help`.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    /// Positional arguments by placeholder name, e.g. `["DIR", "URL"]`; all required.
    var positionals: [String] = []
    var options: [OptionSpec]
    /// Extra paragraphs after the option list.
    var discussion: String = ""

    var usage: String {
        var line = "usage: sitegen \(name)"
        if !options.isEmpty { line += " [options]" }
        for positional in positionals { line += " \(positional)" }
        var text = "\(summary)\n\n\(line)\n"
        if !options.isEmpty {
            text += "\noptions:\n"
            let all = options + [.flag("--help", "Show this help.")]
            let labels = all.map { option in option.valueName.map { "\(option.name) \($0)" } ?? option.name }
            let width = (labels.map(\.count).max() ?? 0) + 2
            for (label, option) in zip(labels, all) {
                let pad = String(repeating: " ", count: max(1, width - label.count))
                text += "  \(label)\(pad)\(option.help)\n"
            }
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }
}
