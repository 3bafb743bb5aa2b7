import SitegenCore

/// JUnit XML as GitLab, Jenkins and most CI dashboards read it: a testcase per file, a failure per
/// finding (warnings included, marked as such in the failure type).
enum JUnitReport {
    static func render(_ report: Report) -> String {
        let byFile = Dictionary(grouping: report.diagnostics) { $0.location?.path ?? "(site)" }
        let files = Set(report.files).union(byFile.keys).sorted()
        let failing = byFile.values.reduce(0) { $0 + $1.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sitegen\" tests=\"\(files.count)\" failures=\"\(failing)\">\n"
        out +=
            "  <testsuite name=\"sitegen \(escape(report.command))\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\" time=\"\(String(format: "%.3f", report.seconds))\">\n"
        for file in files {
            let findings = byFile[file] ?? []
            out +=
                "    <testcase classname=\"sitegen.\(escape(report.command))\" name=\"\(escape(file))\" file=\"\(escape(file))\""
            if findings.isEmpty { out += "/>\n"; continue }
            out += ">\n"
            for finding in findings {
                let message = "\(finding.rule): \(finding.message)"
                out +=
                    "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(message))\">\(escape(finding.description))</failure>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry.
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
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
