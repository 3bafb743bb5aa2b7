/// Where the types of a bundle's files came from, which decides the advice of a `wrong-type`
/// finding: what to change so that a style sheet comes as `text/css` or a script as JavaScript.
public enum TypeSource: Sendable, Hashable {
    /// File extensions, which `mime_types` in `sitegen.yml` can retype: a build.
    case configured
    /// A manifest's types, made by a build (from extensions and `mime_types`) or a mirror: a bundle
    /// checked.
    case manifest
    /// File extensions alone: a mirror of a folder, whose files keep the names they had there.
    case fileNames
    /// The `Content-Type` a server sent, by bundle path: a mirror over HTTP, which names each file
    /// after it (`style.css` sent as `text/html` is `style.css.html`).
    case server(sent: [String: String])
}
