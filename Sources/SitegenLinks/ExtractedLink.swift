/// One reference found in an HTML or CSS resource, as written, with where it is.
public struct ExtractedLink: Sendable, Hashable {
    /// The reference as written (entity-decoded, not yet resolved), e.g. `../guide/#install`.
    public var url: String
    /// The element holding it (`a`, `img`, `style`, ...); `css` for a reference in a style sheet.
    public var element: String
    /// The attribute holding it (`href`, `srcset`, `style`, `fill`, ...); `url` or `@import` in CSS.
    public var attribute: String
    /// 1-based line of the attribute (or of the CSS token).
    public var line: Int
    /// 1-based byte column of the attribute name (or of the CSS token).
    public var column: Int
    /// What a browser fetches the target as, where its type decides whether it is used.
    public var destination: Destination

    /// Creates a link record.
    public init(
        url: String, element: String, attribute: String, line: Int, column: Int, destination: Destination = .other
    ) {
        self.url = url
        self.element = element
        self.attribute = attribute
        self.line = line
        self.column = column
        self.destination = destination
    }

    /// The attributes whose value is CSS, of which a reference is a `url()`, not the whole value:
    /// `style`, and SVG's presentation attributes that may name an element
    /// (`fill="url(#gradient) red"`).
    package static let cssValuedAttributes: Set<String> = [
        "style", "fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end", "cursor",
    ]

    /// Whether the reference is a `url()` in an attribute whose value is CSS (`cssValuedAttributes`).
    package var isInCSSAttribute: Bool { Self.cssValuedAttributes.contains(attribute) }

    /// Whether the reference names a part of the page itself whatever the page's `<base href>`
    /// says: a `url(#a)` of its CSS (a `style` or presentation attribute, a `<style>` element; CSS
    /// Values, "fragment URLs"), and an image's `usemap="#a"`, which names a `<map>` of the page.
    package var namesThisPage: Bool {
        attribute == "usemap" || (element == "style" || isInCSSAttribute) && url.utf8.first == UInt8(ascii: "#")
    }

    /// What a browser fetches a link's target as, where that decides whether it uses it: the bundle
    /// serves `X-Content-Type-Options: nosniff`, under which a browser applies a style sheet only if
    /// it comes as `text/css` and runs a script only if it comes as JavaScript.
    public enum Destination: UInt8, Sendable, Hashable {
        /// A page, image, font or anything else a browser takes whatever its type.
        case other
        /// `<link rel="stylesheet">` and CSS `@import`.
        case style
        /// `<script src>` of a classic or module script (not a data block such as `type="text/template"`).
        case script
    }
}
