import CHTMLScan

/// Receives the parser's callbacks for one document and turns them into `DocumentFacts`. Lives only
/// for the duration of one synchronous `HTMLExtractor.extract` call.
final class HTMLCollector {
    var facts = DocumentFacts()
    private var style: [UInt8] = []
    private var styleStart: (line: Int, column: Int)?
    private var inStyle = false

    private static let hrefElements: Set<String> = ["a", "area", "link", "use", "image"]
    private static let srcElements: Set<String> = [
        "script", "img", "source", "video", "audio", "track", "iframe", "embed", "input", "frame",
    ]

    /// Attributes that can hold a link or a fragment target; values of others are never read.
    private static let interesting: Set<String> = [
        "id", "name", "href", "xlink:href", "src", "srcset", "poster", "data", "action", "http-equiv", "content", "style",
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
            guard let rawName = attribute.name, let rawValue = attribute.value else { continue }
            let name = String(cString: rawName)
            guard Self.interesting.contains(name) else { continue }
            let value = String(cString: rawValue)
            let (line, column) = (Int(attribute.line), Int(attribute.column))
            func link(_ url: String) {
                facts.links.append(ExtractedLink(url: url, element: element, attribute: name, line: line, column: column))
            }
            switch name {
            case "id" where !value.isEmpty:
                facts.anchors.append(Anchor(name: value, isID: true, line: line, column: column))
            case "name" where element == "a" && !value.isEmpty:
                facts.anchors.append(Anchor(name: value, isID: false, line: line, column: column))
            case "href" where element == "base":
                if facts.baseHref == nil { facts.baseHref = value }
            case "href" where Self.hrefElements.contains(element), "xlink:href":
                link(value)
            case "src" where Self.srcElements.contains(element):
                link(value)
            case "srcset" where element == "img" || element == "source":
                SrcsetParser.urls(in: value).forEach(link)
            case "poster" where element == "video", "data" where element == "object",
                "action" where element == "form":
                link(value)
            case "http-equiv" where element == "meta":
                refresh = value.trimmingASCIIWhitespace().lowercased() == "refresh"
            case "content" where element == "meta":
                content = ExtractedLink(url: value, element: element, attribute: name, line: line, column: column)
            case "style":
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
