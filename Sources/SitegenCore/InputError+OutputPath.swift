extension InputError {
    /// The output folder of a build or mirror is a file. Named without the slash that ends its
    /// display path (`dist/`), which would call the file a folder.
    public static func outputIsNotAFolder(displayPath: String) -> InputError {
        var path = Substring(displayPath)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return InputError("the output path exists and is not a folder", path: String(path))
    }
}
