import SitegenCore

extension TemplateError {
    /// The same problem as a fatal input error (the build stops, the CLI exits with code 2).
    public var inputError: InputError {
        InputError(message, at: location)
    }
}
