import SitegenTemplates

/// Renders `source` as the template `page`, with `partials` as the other templates of the library.
func render(
    _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:],
    missingPartials: MissingPartialPolicy = .renderEmpty
) throws -> String {
    try library(source, partials: partials, missingPartials: missingPartials).render("page", context: context)
}

/// A library with `source` as `page` (path `Templates/page.html`) and `partials` under their names.
func library(
    _ source: String, partials: [String: String] = [:], missingPartials: MissingPartialPolicy = .renderEmpty,
    recursionLimit: Int = 100
) throws -> TemplateLibrary {
    var templates = ["page": try Template.parse(source, name: "page", path: "Templates/page.html")]
    for (name, text) in partials {
        templates[name] = try Template.parse(text, name: name, path: "Templates/\(name).html")
    }
    return TemplateLibrary(templates, missingPartials: missingPartials, recursionLimit: recursionLimit)
}

/// The error parsing `source` (as `Templates/page.html`) throws, or nil.
func parseError(_ source: String) -> TemplateError? {
    do {
        _ = try Template.parse(source, name: "page", path: "Templates/page.html")
        return nil
    } catch {
        return error
    }
}
