import CHTMLScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives the parser's callbacks for one document and turns them into `DocumentFacts`. Lives only
/// for the duration of one synchronous `HTMLExtractor.extract` call.
final class HTMLCollector {
    var facts = DocumentFacts()
    private var style: [UInt8] = []
    private var styleStart: (line: Int, column: Int)?
    private var inStyle = false

    /// The attributes the tokenizer reports (it passes no others).
    private enum Attribute {
        case id, name, href, xlinkHref, src, srcset, poster, data, action, httpEquiv, content, style

        /// Read from the lowercased C name without making a string: this runs for every attribute.
        init?(_ name: UnsafePointer<CChar>) {
            func equals(_ literal: StaticString) -> Bool { strcmp(name, literal.utf8Start) == 0 }
            switch UInt8(bitPattern: name[0]) {
            case UInt8(ascii: "i") where equals("id"): self = .id
            case UInt8(ascii: "n") where equals("name"): self = .name
            case UInt8(ascii: "h") where equals("href"): self = .href
            case UInt8(ascii: "h") where equals("http-equiv"): self = .httpEquiv
            case UInt8(ascii: "x") where equals("xlink:href"): self = .xlinkHref
            case UInt8(ascii: "s") where equals("src"): self = .src
            case UInt8(ascii: "s") where equals("srcset"): self = .srcset
            case UInt8(ascii: "s") where equals("style"): self = .style
            case UInt8(ascii: "p") where equals("poster"): self = .poster
            case UInt8(ascii: "d") where equals("data"): self = .data
            case UInt8(ascii: "a") where equals("action"): self = .action
            case UInt8(ascii: "c") where equals("content"): self = .content
            default: return nil
            }
        }

        var text: String {
            switch self {
            case .id: "id"
            case .name: "name"
            case .href: "href"
            case .xlinkHref: "xlink:href"
            case .src: "src"
            case .srcset: "srcset"
            case .poster: "poster"
            case .data: "data"
            case .action: "action"
            case .httpEquiv: "http-equiv"
            case .content: "content"
            case .style: "style"
            }
        }
    }

    private static let hrefElements: Set<String> = ["a", "area", "link", "use", "image"]
    private static let srcElements: Set<String> = [
        "script", "img", "source", "video", "audio", "track", "iframe", "embed", "input", "frame",
    ]

    func start(name: UnsafePointer<CChar>, attributes: UnsafeBufferPointer<htmlscan_attr>, line: Int, column: Int) {
        let element = String(cString: name)
        if element == "style" {
            styleEnd()
            inStyle = true
        }
        var refresh = false
        var content: ExtractedLink?
        for attribute in attributes {
            guard let rawName = attribute.name, let rawValue = attribute.value, let kind = Attribute(rawName) else {
                continue
            }
            let value = String(cString: rawValue)
            let (line, column) = (Int(attribute.line), Int(attribute.column))
            func link(_ url: String) {
                facts.links.append(ExtractedLink(url: url, element: element, attribute: kind.text, line: line, column: column))
            }
            switch kind {
            case .id where !value.isEmpty:
                facts.anchors.append(Anchor(name: value, isID: true, line: line, column: column))
            case .name where element == "a" && !value.isEmpty:
                facts.anchors.append(Anchor(name: value, isID: false, line: line, column: column))
            case .href where element == "base":
                if facts.baseHref == nil { facts.baseHref = value }
            case .href where element == "a" || Self.hrefElements.contains(element), .xlinkHref:
                link(value)
            case .src where Self.srcElements.contains(element):
                link(value)
            case .srcset where element == "img" || element == "source":
                SrcsetParser.urls(in: value).forEach(link)
            case .poster where element == "video", .data where element == "object", .action where element == "form":
                link(value)
            case .httpEquiv where element == "meta":
                refresh = value.trimmingASCIIWhitespace().lowercased() == "refresh"
            case .content where element == "meta":
                content = ExtractedLink(url: value, element: element, attribute: kind.text, line: line, column: column)
            case .style:
                var bytes = Array(value.utf8)
                for css in CSSExtractor.extract(bytes: &bytes, startLine: line, startColumn: column) {
                    link(css.url)
                }
            default:
                break
            }
        }
        if refresh, var content, let url = MetaRefresh.url(in: content.url) {
            content.url = url
            facts.links.append(content)
        }
    }

    func styleText(_ bytes: UnsafeRawBufferPointer, line: Int, column: Int) {
        guard inStyle else { return }
        if styleStart == nil { styleStart = (line, column) }
        style.append(contentsOf: bytes)
    }

    func styleEnd() {
        defer {
            inStyle = false
            style.removeAll(keepingCapacity: true)
            styleStart = nil
        }
        guard inStyle, let start = styleStart else { return }
        for var link in CSSExtractor.extract(bytes: &style, startLine: start.line, startColumn: start.column) {
            link.element = "style"
            facts.links.append(link)
        }
    }
}
