import SitegenCore

extension TemplateError {
    /// The same problem as a fatal input error (the build stops, the CLI exits with code 2), its column
    /// counted in UTF-8 bytes like every other input error's (a template error counts characters).
    public var inputError: InputError {
        guard let sourceLine, location.column > 1 else { return InputError(message, at: location) }
        let before = location.column - 1
        var place = location
        place.column =
            sourceLine.unicodeScalars.prefix(before).reduce(1) { $0 + UTF8.width($1) }
            + max(0, before - sourceLine.unicodeScalars.count)
        return InputError(message, at: place)
    }
}
