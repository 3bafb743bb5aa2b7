import Foundation

/// The conditional request headers that compare entity tags (RFC 9110, section 13.1): what the
/// resolver's replies and `sitegen serve` answer with 304, 412 or the whole file.
package enum EntityTagCondition {
    /// Whether an `If-Range` value lets a range apply: a strong tag equal to the current one
    /// (section 13.1.5); a weak tag or a date never does here (no `Last-Modified` is sent).
    package static func rangeApplies(ifRange: String, etag: String?) -> Bool {
        let condition = ifRange.trimmingCharacters(in: .whitespaces)
        guard let etag, !condition.hasPrefix("W/") else { return false }
        return condition == etag
    }

    /// Whether an `If-None-Match` list (weak comparison, section 13.1.2) or, `strong`, an
    /// `If-Match` list (section 13.1.1: a weak tag never matches) holds the entity tag of a file
    /// that is there: `*` matches it, tagged or not (a folder without a manifest tags no file), and
    /// a tag matches only its own.
    package static func matches(_ list: String, _ etag: String?, strong: Bool = false) -> Bool {
        let tags = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if tags.contains("*") { return true }
        guard let etag else { return false }
        let strip = { (tag: Substring) -> Substring in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return tags.contains { tag in
            strong ? !tag.hasPrefix("W/") && tag == etag : strip(Substring(tag)) == strip(Substring(etag))
        }
    }
}
