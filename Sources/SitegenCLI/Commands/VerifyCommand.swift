import Foundation
import SitegenBundleCore
import SitegenCore

/// `sitegen verify DIR`: re-hashes a bundle against its manifest.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Re-hash a bundle against its manifest.json: missing, extra and changed files (exit 1 on any).",
        positionals: ["DIR"], options: [])

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let path = arguments.positionals[0]
        if let problem = FolderArgument.problem(path, workingDirectory: environment.workingDirectory) {
            console.err("\(problem)\n")
            return .inputError
        }
        let display = FolderArgument.shown(path)
        let directory = FolderPlace.url(path, from: environment.workingDirectory)
        // Nothing to verify against: said as such, not as a file the reader could not open.
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(Manifest.fileName).path) else {
            console.err(
                "\(display)\(Manifest.fileName): error: no manifest: not a sitegen bundle, or its manifest was removed "
                    + "(sitegen build and sitegen mirror write one)\n")
            return .inputError
        }
        let report: VerificationReport
        do {
            report = try BundleVerifier.verify(bundle: directory)
        } catch {
            // A folder that cannot be listed is named, not the manifest, which is fine.
            let place = FolderArgument.place(of: error, in: display, otherwise: display + Manifest.fileName)
            console.err("\(place): error: \(error)\n")
            return .inputError
        }
        // Paths come from the manifest or the disk: a line break in one must not forge a line.
        let shown = { (file: String) in display + Manifest.printable(file) }
        // A name in NFC and the same in NFD look alike: say why one is missing and the other extra.
        let extraByLook = Dictionary(grouping: report.extra) { $0.precomposedStringWithCanonicalMapping }
        func otherSpelling(of file: String, among files: [String: [String]]) -> String {
            guard let other = files[file.precomposedStringWithCanonicalMapping]?.first(where: { ByteKey($0) != ByteKey(file) })
            else { return "" }
            return " (the disk has it in another Unicode normalization: \(ByteKey.normalizationForm(of: other)) on disk, "
                + "\(ByteKey.normalizationForm(of: file)) in the manifest; resolvers find files by their bytes)"
        }
        for file in report.missing {
            console.out(
                "\(shown(file)): error: listed in the manifest but missing\(otherSpelling(of: file, among: extraByLook))\n")
        }
        for entry in report.notFiles {
            console.out("\(shown(entry.path)): error: listed in the manifest but not a regular file: it is \(entry.kind)\n")
        }
        for file in report.unreadable {
            console.out("\(shown(file.path)): error: listed in the manifest but cannot be read: \(file.reason)\n")
        }
        for file in report.extra { console.out("\(shown(file)): error: in the bundle but not in the manifest\n") }
        for file in report.changed {
            let how = report.differences[file].map { ": \($0)" } ?? ""
            console.out("\(shown(file)): error: differs from the manifest\(how)\n")
        }
        for link in report.unserved {
            let why = link.isLoop ? " (a loop): not followed" : ", which no resolver serves"
            console.out("\(shown(link.path)): error: a symbolic link \(Manifest.printable(link.reason))\(why)\n")
        }
        let problems =
            report.missing.count + report.notFiles.count + report.extra.count + report.changed.count + report.unserved.count
            + report.unreadable.count
        console.out(report.isClean ? "\(display): bundle matches its manifest\n" : "\(display): \(plural(problems, "problem"))\n")
        return report.isClean ? .success : .findings
    }
}
