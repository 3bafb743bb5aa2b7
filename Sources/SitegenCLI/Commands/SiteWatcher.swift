import Foundation
import SitegenBuild
import SitegenBundleCore
import SitegenCore
import SitegenServe

/// Builds the site for `sitegen serve`, then watches its folders and rebuilds on every change,
/// publishing the new bundle (or the failure) to the server.
struct SiteWatcher: Sendable {
    var options: BuildOptions
    var console: Console
    /// What the paths in findings are relative to, for their columns in characters.
    var workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// How often the folders are walked where the kernel cannot report changes.
    var interval: Duration = .milliseconds(300)
    /// How long after the kernel reports a change the folders are walked.
    var settle: Duration = .milliseconds(50)

    /// Builds, prints the findings, and returns a resolver over the new bundle; nil after printing
    /// why when the build stopped on an input error.
    func build() async -> SchemeResolver? {
        switch await buildReportingFailure() {
        case .success(let resolver): resolver
        case .failure: nil
        }
    }

    private var roots: [URL] { [options.siteDirectory, options.templatesDirectory] }

    /// The state of the watched folders; take it before a build so that no edit slips between.
    func snapshot() -> TreeSnapshot { TreeSnapshot(roots: roots) }

    /// Watches the site and theme folders until cancelled, rebuilding on every change since `last`.
    /// Where the kernel reports events (`FolderEvents`), the watcher sleeps until one comes and
    /// walks the folders `settle` after it, once the editor is likely done writing: a save shows in
    /// about a tenth of a second. Elsewhere the folders are walked every `interval`.
    func watch(from start: TreeSnapshot, publishingTo server: PreviewServer) async {
        var last = start
        // Its first ask answers yes: the first walk catches what changed while the first build ran.
        let events = FolderEvents(roots: roots)
        while true {
            do {
                if events.isWatching {
                    try await events.waitForEvents(timeout: .seconds(60))
                } else {
                    try await Task.sleep(for: interval)
                }
            } catch {
                return
            }
            guard events.mayHaveChanged() else { continue }
            if events.isWatching {
                do { try await Task.sleep(for: settle) } catch { return }
                // What happens meanwhile is in the walk below; what happens after it, in the next one.
                _ = events.mayHaveChanged()
            }
            let now = TreeSnapshot(roots: roots)
            let changed = last.changes(to: now)
            guard !changed.isEmpty else { continue }
            last = now
            console.out("changed: \(describe(changed)); rebuilding\n")
            switch await buildReportingFailure() {
            case .success(let resolver): server.publish(resolver)
            case .failure(let failure): server.publish(failure: failure.message)
            }
        }
    }

    private func buildReportingFailure() async -> Result<SchemeResolver, BuildPipeline.Failure> {
        switch await BuildPipeline.run(options, workingDirectory: workingDirectory, started: .now) {
        case .failure(let failure):
            // Stopped by the user, the build has nothing to say.
            if !Task.isCancelled { console.err("\(failure.message)\n") }
            return .failure(failure)
        case .success(let built):
            let report = built.report.withCharacterColumns(workingDirectory: workingDirectory)
            console.out(ReportFormat.text.render(report))
            if let note = BuildCommand.outsideNavNote(built.outcome.pagesOutsideNav) { console.err(note) }
            do {
                // The manifest just written, as built: reading 10,000 entries back would cost more than the rebuild.
                return .success(try SchemeResolver(bundle: options.outputDirectory, assembled: built.outcome.manifest))
            } catch {
                let failure = BuildPipeline.Failure(message: "\(options.outputDisplay): error: \(error)")
                console.err("\(failure.message)\n")
                return .failure(failure)
            }
        }
    }

    /// The changed files as the command named their folders (`big/Site/a.md` for `--site
    /// big/Site`), as findings name them.
    private func describe(_ paths: [String]) -> String {
        let folders = [
            (options.siteDirectory.path + "/", options.siteDisplay),
            (options.templatesDirectory.path + "/", options.templatesDisplay),
        ]
        func shown(_ path: String) -> String {
            for (folder, display) in folders { if let inside = path.afterPrefix(bytesOf: folder) { return display + inside } }
            return path
        }
        // A line break in a file name would split the log line: written as an escape, as in findings.
        let names = paths.prefix(3).map { Diagnostic.printable(shown($0)) }
        return names.joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
    }
}
