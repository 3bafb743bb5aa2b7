extension InputError {
    /// A path the command line names as a folder is something else, a file most often. `what`
    /// (`the output path`) is named without the slash that ends its display path (`dist/`), which
    /// would call the file a folder.
    public static func notAFolder(_ what: String, displayPath: String) -> InputError {
        var path = Substring(displayPath)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return InputError("\(what) exists and is not a folder", path: String(path))
    }

    /// The output folder of a build or mirror is a file.
    public static func outputIsNotAFolder(displayPath: String) -> InputError {
        notAFolder("the output path", displayPath: displayPath)
    }
}
