import SitegenCore

/// Command-line arguments matched against a `CommandSpec`.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    /// The last value given for `name`, if any.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `arguments` (after the command name). Accepts `--name value`, `--name=value`, `--` to end
    /// options, and `-h`/`--help` anywhere.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        let byName = Dictionary(spec.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--help" || argument == "-h" { wantsHelp = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = byName[name] else {
                var hint = Suggestion.hint(for: name, in: spec.options.map(\.name) + ["--help"])
                // `--version` belongs to sitegen itself, not to a command.
                if hint.isEmpty, !Suggestion.nearest(to: name, in: ["--version"]).isEmpty {
                    hint = " (did you mean 'sitegen --version'?)"
                }
                throw UsageError("unknown option '\(name)' for 'sitegen \(spec.name)'\(hint)", command: spec)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value", command: spec) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                // The shell expands `~` at the start of a word only: `--out=~/x` would make a folder named `~`.
                if inlineValue == "~" || inlineValue.hasPrefix("~/") {
                    throw UsageError(
                        "option '\(name)' is given '\(inlineValue)', and the shell does not expand '~' after '=': "
                            + "write \(name) \(inlineValue) (with a space), or ./\(inlineValue) for a folder named '~'",
                        command: spec)
                }
                value = inlineValue
            } else if index < arguments.count {
                // `--out --quiet` forgot the folder: an option of this command is no value (write
                // `--out=--quiet` or `--out ./--quiet` for a folder named so).
                // Any `--word` is taken for an option, known or mistyped (`--out --qiet`), so that a typo
                // never becomes a folder named `--qiet`.
                let next = arguments[index]
                if next.hasPrefix("--") && next != "--" || byName[String(next.prefix { $0 != "=" })] != nil || next == "-h" {
                    throw UsageError(
                        "option '\(name)' needs a value (\(valueName)), not the option '\(next)' "
                            + "(write \(name)=\(next) for a value that starts with --)", command: spec)
                }
                value = next
                index += 1
            } else {
                throw UsageError("option '\(name)' needs a value (\(valueName))", command: spec)
            }
            // `--out ""` would name the current folder, which a build replaces as a whole.
            guard !value.isEmpty else {
                throw UsageError("option '\(name)' needs a value (\(valueName)), not an empty one", command: spec)
            }
            if values[name] != nil, !option.repeatable {
                throw UsageError("option '\(name)' given more than once", command: spec)
            }
            values[name, default: []].append(value)
        }
        if wantsHelp { return }
        if positionals.count < spec.positionals.count {
            let missing = spec.positionals[positionals.count...].joined(separator: " ")
            throw UsageError("missing \(missing)", command: spec)
        }
        if positionals.count > spec.positionals.count {
            throw UsageError("unexpected argument '\(positionals[spec.positionals.count])'", command: spec)
        }
    }
}
