import CHTMLScan
import Foundation
import SitegenCore

/// Receives the parser's callbacks for one document and turns them into `DocumentFacts`. Lives only
/// for the duration of one synchronous `HTMLExtractor.extract` call.
final class HTMLCollector {
    var facts = DocumentFacts()
    /// The folder whose known outcomes settle `<a href>` references before any string is made of
    /// them: most of a page's links are its sidebar's, resolved for a sibling page already.
    var known: ReferenceTable?
    /// The references `known` settled, which are not in `facts`.
    var settled = SettledLinks()
    /// Whether the document is XML (an SVG file): every element is SVG's, or XHTML inside
    /// `<foreignObject>`, whose `src` links as HTML's does.
    var isXML = false
    private var style: [UInt8] = []
    private var styleStart: (line: Int, column: Int)?
    private var inStyle = false

    /// The attributes the tokenizer reports (it passes no others), named as the raw values.
    private enum Attribute: String, CaseIterable {
        case id, name, href, src, srcset, srcdoc, imagesrcset, poster, data, action, formaction, content, style, rel, type
        case language, nomodule, background, usemap
        case xlinkHref = "xlink:href"
        case httpEquiv = "http-equiv"
        // SVG's presentation attributes that may name an element by `url()`: the tokenizer passes
        // them only on SVG elements and only when their value may hold a `url(`.
        case fill, stroke, mask, filter, cursor
        case clipPath = "clip-path"
        case markerStart = "marker-start"
        case markerMid = "marker-mid"
        case markerEnd = "marker-end"

        /// The candidates for each first byte of a name: this runs for every attribute, so a name is
        /// compared with at most four without being made into a string.
        private static let byFirstByte: [[Attribute]] = {
            var table = [[Attribute]](repeating: [], count: 256)
            for attribute in allCases { table[Int(attribute.rawValue.utf8.first!)].append(attribute) }
            return table
        }()

        /// Read from the lowercased C name.
        init?(_ name: UnsafePointer<CChar>) {
            guard let match = Self.byFirstByte[Int(UInt8(bitPattern: name[0]))].first(where: { $0.isNamed(name) }) else {
                return nil
            }
            self = match
        }

        /// Whether the C string `name` is this attribute's name (read no further than a mismatch).
        private func isNamed(_ name: UnsafePointer<CChar>) -> Bool {
            var index = 0
            for byte in rawValue.utf8 {
                guard UInt8(bitPattern: name[index]) == byte else { return false }
                index += 1
            }
            return name[index] == 0
        }
    }

    /// SVG's elements whose `href` (or SVG 1.1's `xlink:href`) is a link (the tokenizer lowercases
    /// `feImage`); an animation's names the element it animates. On any other element (`<path
    /// xlink:href>`, as Inkscape writes one) browsers do nothing with it, and outside SVG these are
    /// no elements of HTML (`<use href>` in a page's body links nowhere). `<a>` links in both.
    private static let svgHrefElements: Set<String> = [
        "use", "image", "feimage", "textpath", "mpath", "lineargradient", "radialgradient", "pattern", "filter", "script",
        "animate", "animatemotion", "animatetransform", "set",
    ]
    /// What a `<source>` element is the child of, as the scanner tells it.
    enum SourceParent { case picture, media }

    /// Elements whose (obsolete, still honoured) `background` attribute is an image URL.
    private static let backgroundElements: Set<String> = ["body", "table", "thead", "tbody", "tfoot", "tr", "td", "th"]
    private static let srcElements: Set<String> = [
        "script", "img", "source", "video", "audio", "track", "iframe", "embed", "input", "frame",
    ]

    /// A start tag; `inTemplate` inside an HTML `<template>`, whose content is no part of the page
    /// until a script copies it there (its ids name nothing, its `<base>` sets no base, its links
    /// are checked as the copy will fetch them), `foreign` inside `<svg>` or `<math>`.
    /// `sourceOf` is what a `<source>` is the child of: its `srcset` is a `<picture>`'s image
    /// candidate, its `src` a `<video>`'s or `<audio>`'s resource, and elsewhere it loads nothing.
    func start(
        name: UnsafePointer<CChar>, attributes: UnsafeBufferPointer<htmlscan_attr>, line: Int, column: Int,
        inTemplate: Bool = false, foreign: Bool = false, inNoscript: Bool = false, sourceOf: SourceParent? = nil
    ) {
        // Text to a browser that runs scripts: a `<noscript>`'s elements have no ids, as a template's.
        let namesNothing = inTemplate || inNoscript
        let inSVG = foreign || isXML
        let isStyle = strcmp(name, "style") == 0
        if isStyle {
            styleEnd()
            inStyle = true
        }
        // The element's name is made a string only for an attribute that needs it: most start tags
        // have none, and most of the rest are `<a href>` that `known` settles.
        var element = ""
        var nameMade = false
        var loadsSrc = true
        var loadsSrcset = true
        var refresh = false
        var hasSrcdoc = false
        var content: ExtractedLink?
        let firstLink = facts.links.count
        var fetch = FetchAttributes()
        let isAnchor = name[0] == CChar(UInt8(ascii: "a")) && name[1] == 0
        for attribute in attributes {
            guard let rawName = attribute.name, let rawValue = attribute.value, let kind = Attribute(rawName) else {
                continue
            }
            if kind == .href, isAnchor, let known, settle(rawValue, by: known) { continue }
            if !nameMade {
                nameMade = true
                element = String(cString: name)
                // An XML document's parser reports no parent: there a `<source>` keeps both.
                loadsSrc = element != "source" || isXML || sourceOf == .media
                loadsSrcset = element != "source" || isXML || sourceOf == .picture
            }
            let value = String(cString: rawValue)
            let (line, column) = (Int(attribute.line), Int(attribute.column))
            func link(_ url: String) {
                facts.links.append(
                    ExtractedLink(url: url, element: element, attribute: kind.rawValue, line: line, column: column))
            }
            switch kind {
            case .id where !value.isEmpty && !namesNothing:
                facts.anchors.append(Anchor(name: value, isID: true, line: line, column: column))
                if element == "map" { facts.mapNames.append(value) }
            // A fragment finds an `<a name>` (an id first), never a `<map name>`: that is what an
            // image's `usemap="#name"` names, as is a map's id.
            case .name where element == "a" && !value.isEmpty && !namesNothing:
                facts.anchors.append(Anchor(name: value, isID: false, line: line, column: column))
            case .name where element == "map" && !value.isEmpty && !namesNothing:
                facts.mapNames.append(value)
            // A hash-name reference, not a URL: what follows its first `#` names a map of this
            // page (`other.html#m` too), whatever the base.
            case .usemap where element == "img" || element == "object":
                link(value.firstIndex(of: "#").map { String(value[$0...]) } ?? value)
            case .href where element == "base":
                if facts.baseHref == nil, !inTemplate, !foreign { facts.baseHref = value }
            // HTML's `<area>` and `<link>` are none inside an `<svg>` of a page.
            case .href
            where isAnchor || (element == "area" || element == "link") && (!inSVG || isXML)
                || inSVG && Self.svgHrefElements.contains(element):
                link(value)
            // SVG 1.1's `xlink:href` is SVG's alone: on an HTML `<a>` browsers do nothing with it.
            case .xlinkHref where inSVG && (isAnchor || Self.svgHrefElements.contains(element)):
                link(value)
            // HTML's: SVG's `<script>` and `<image>` link by `href`, and an `<iframe>` inside an
            // `<svg>` of a page is no HTML element. A page's `<image src>` is an `<img>` to browsers.
            case .src where (!inSVG || isXML) && Self.srcElements.contains(element) && loadsSrc || !inSVG && element == "image":
                link(value)
            case .srcset where element == "img" || element == "source" && loadsSrcset, .imagesrcset where element == "link":
                SrcsetParser.urls(in: value).forEach(link)
            case .background where Self.backgroundElements.contains(element):
                link(value)
            case .poster where element == "video", .data where element == "object", .action where element == "form",
                .formaction where element == "button" || element == "input":
                link(value)
            case .httpEquiv where element == "meta":
                refresh = value.trimmingASCIIWhitespace().lowercased() == "refresh"
            case .rel:
                fetch.rel = value
            case .type:
                fetch.type = value
            case .language:
                fetch.language = value
            case .nomodule:
                fetch.noModule = true
            case .srcdoc:
                hasSrcdoc = true
            case .content where element == "meta":
                content = ExtractedLink(url: value, element: element, attribute: kind.rawValue, line: line, column: column)
            // A presentation attribute's value is CSS too (`url(#a) red`): only its `url()` is a reference.
            case .style, .fill, .stroke, .clipPath, .mask, .filter, .markerStart, .markerMid, .markerEnd, .cursor:
                var bytes = Array(value.utf8)
                for css in CSSExtractor.extract(bytes: &bytes, startLine: line, startColumn: column) {
                    link(css.url)
                }
            default:
                break
            }
        }
        // No attribute asked for the name: nothing below has anything to do.
        guard nameMade else { return }
        if isStyle, !fetch.styleIsCSS { inStyle = false }
        // An iframe with `srcdoc` shows that text: its `src` is never loaded.
        if element == "iframe", hasSrcdoc {
            let kept = facts.links[firstLink...].filter { $0.attribute != Attribute.src.rawValue }
            facts.links.replaceSubrange(firstLink..., with: kept)
        }
        if element == "input" || element == "button" {
            let used = facts.links[firstLink...].filter { fetch.formControlUses($0.attribute, of: element) }
            facts.links.replaceSubrange(firstLink..., with: used)
        }
        if element == "link", !fetch.linksSomewhere {
            facts.links.removeSubrange(firstLink...)
            return
        }
        let destination = fetch.destination(of: element)
        if destination != .other {
            // `<link>`'s `href` and `<script>`'s `src` (or SVG `href`) are the tag's links, wherever `rel` or `type` stands;
            // a `url()` of its `style` or presentation attributes is not.
            for index in firstLink..<facts.links.count where !facts.links[index].isInCSSAttribute {
                facts.links[index].destination = destination
            }
        }
        if refresh, var content, let url = MetaRefresh.url(in: content.url) {
            content.url = url
            facts.links.append(content)
        }
    }

    /// Whether `known` settles the `<a href>` reference `value`: a file of the bundle (counted) or
    /// no link at all. Anything still to judge is left to be made a link, with its place.
    private func settle(_ value: UnsafePointer<CChar>, by known: ReferenceTable) -> Bool {
        let bytes = UnsafeRawBufferPointer(start: value, count: strlen(value))
        guard FolderLinkCache.isFolderWide(firstByte: bytes.first) else { return false }
        switch known.outcome(of: bytes, destination: .other) {
        case .accepted(let index)?:
            settled.accepted.append(index)
            return true
        case .skipped?:
            return true
        case nil:
            return false
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

/// `<a href>` references a folder's known outcomes settled during extraction.
struct SettledLinks {
    /// The target of each reference that names a file of the bundle, in document order.
    var accepted: [Int32] = []
}
