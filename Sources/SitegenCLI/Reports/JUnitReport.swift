import Foundation
import SitegenCore

/// JUnit XML as GitLab, Jenkins and most CI dashboards read it: a failed test case per finding
/// (warnings included, marked as such in the failure type), named by its place and rule (unique in
/// the report, see `JUnitCaseNames`) and classed by file, and a passing test case per listed file
/// without findings. Counts add up as those tools expect (failures never outnumber tests), and a
/// run without findings is one passing test at least.
enum JUnitReport {
    static func render(_ report: Report) -> String {
        let byFile = Dictionary(grouping: report.diagnostics) { $0.location?.path ?? "(site)" }
        let clean = Set(report.files).subtracting(byFile.keys).sorted()
        var cases: [String] = []
        var names = JUnitCaseNames()
        for file in byFile.keys.sorted() {
            for finding in byFile[file] ?? [] {
                let place = finding.location?.description ?? file
                let message = "\(finding.rule): \(finding.message)"
                cases.append(
                    "    <testcase classname=\"\(escape(className(report, file)))\" name=\"\(escape(names.unique("\(place) [\(finding.rule)]")))\" file=\"\(escape(file))\">\n"
                        + "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(message))\">\(escape(finding.description))</failure>\n"
                        + "    </testcase>\n")
            }
        }
        for file in clean {
            cases.append(
                "    <testcase classname=\"\(escape(className(report, file)))\" name=\"\(escape(names.unique(file)))\" file=\"\(escape(file))\"/>\n"
            )
        }
        if cases.isEmpty {
            cases.append("    <testcase classname=\"sitegen.\(escape(report.command))\" name=\"no findings\"/>\n")
        }
        let failing = report.diagnostics.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sitegen\" tests=\"\(cases.count)\" failures=\"\(failing)\">\n"
        out +=
            "  <testsuite name=\"sitegen \(escape(report.command))\" tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" time=\"\(String(format: "%.3f", report.seconds))\">\n"
        out += cases.joined()
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `sitegen.build.Site/guide/a_md`: dashboards group test cases by class. Jenkins takes what
    /// follows the last `.` as the class and the rest as its package, so the file's dots are `_`:
    /// package `sitegen.build`, class `Site/guide/a_md`, rather than class `md` of a package per file.
    private static func className(_ report: Report, _ file: String) -> String {
        let file = Report.withoutDotSlash(file)
        return "sitegen.\(report.command).\(file.replacingOccurrences(of: ".", with: "_"))"
    }

    /// Escapes text for XML attributes and content. Tab, newline and carriage return are character
    /// references, which attribute-value normalisation keeps (a raw one in an attribute would be
    /// read as a space); a character XML 1.0 cannot carry is written `\u{1b}`, as the text report
    /// writes it, so that `e<ESC>x.html` stays another name than `ex.html`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += Diagnostic.escape(scalar)
                }
            }
        }
        return out
    }
}
