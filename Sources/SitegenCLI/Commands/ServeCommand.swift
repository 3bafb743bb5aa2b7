import Foundation
import SitegenBuild
import SitegenBundleCore
import SitegenCore
import SitegenServe

/// `sitegen serve`: a loopback HTTP preview answering through `SchemeResolver`, rebuilding and
/// reloading open pages when the site changes.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Preview the site in a browser through the scheme resolver, rebuilding and reloading on changes.",
        options: [
            .value("--site", "DIR", "The site folder to build and watch (default Site, when it exists)."),
            .value("--templates", "DIR", "The theme folder (default Templates)."),
            .value("--bundle", "DIR", "Serve a built bundle as it is on disk, following rebuilds: no build, no live reload."),
            .value("--port", "N", "The port (default 8000; 0 picks a free one)."),
            .value("--host", "ADDR", "The loopback address to listen on: 127.0.0.1 (the default), another 127.x.x.x, or ::1."),
            .flag("--drafts", "Build pages marked 'draft: true' too, to preview them."),
        ],
        discussion: """
            http://127.0.0.1:PORT/path serves what an app is served for SCHEME://HOST/path. With a site, the \
            bundle is built into a temporary folder (dist/ is left alone), the site and theme are watched \
            (inotify, else a walk every 300 ms) and open pages reload after each rebuild; a failed rebuild keeps the last good bundle and \
            shows the error in the page. Ctrl-C stops. Port in use: exit 2.
            """)

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let host = arguments.value("--host") ?? "127.0.0.1"
        if let refusal = ServeConfiguration.refusal(ofHost: host) {
            console.err("error: \(refusal)\n")
            return .inputError
        }
        let portText = arguments.value("--port") ?? "8000"
        guard let port = Int(portText), (0...65535).contains(port) else {
            console.err("\(UsageError("--port '\(portText)' is not a port number (0-65535)", command: spec))\n")
            return .inputError
        }
        if arguments.value("--bundle") != nil && arguments.value("--site") != nil {
            console.err("\(UsageError("give either --site or --bundle, not both", command: spec))\n")
            return .inputError
        }
        // Installed before the first build: a Ctrl-C from now on stops cleanly (the scratch folder is removed).
        let stop = StopSignals()
        // A server outlives the reader of its log (`sitegen serve | head -2`, `less` quit): its lines are dropped.
        signal(SIGPIPE, SIG_IGN)
        var configuration = ServeConfiguration(host: host, port: port)
        if let bundle = arguments.value("--bundle") {
            if let problem = FolderArgument.problem(bundle, workingDirectory: environment.workingDirectory) {
                console.err("\(problem)\n")
                return .inputError
            }
            let directory = FolderPlace.url(bundle, from: environment.workingDirectory)
            let folder: BundleFolder
            let shown = FolderArgument.shown(bundle)
            do {
                folder = try BundleFolder(directory: directory) { error in
                    console.err("\(shown)\(Manifest.fileName): warning: \(error); still serving the bundle as last read\n")
                }
            } catch {
                console.err(
                    "\(FolderArgument.place(of: error, in: shown, otherwise: shown + Manifest.fileName)): error: \(error)\n")
                return .inputError
            }
            return await serve(.folder(folder), configuration, watcher: nil, stop: stop, console: console)
        }
        let site = arguments.value("--site") ?? "Site"
        if arguments.value("--site") == nil,
            !FileManager.default.fileExists(atPath: environment.workingDirectory.appendingPathComponent(site).path)
        {
            console.err("error: no Site/ folder here; pass --site DIR or --bundle DIR (see 'sitegen serve --help')\n")
            return .inputError
        }
        // Named with the process id: what a server killed before it cleaned up left is removed here.
        TemporarySibling.removeLeftovers(named: "sitegen-serve-", in: environment.scratchFolder)
        let scratch = environment.scratchFolder.appendingPathComponent(TemporarySibling.name("sitegen-serve-"))
        defer { try? FileManager.default.removeItem(at: scratch) }
        var options = BuildOptions(
            site: site, templates: arguments.value("--templates") ?? "Templates",
            output: scratch.appendingPathComponent("bundle").path, workingDirectory: environment.workingDirectory)
        options.toolIdentity = environment.toolIdentity
        options.includesDrafts = arguments.has("--drafts")
        // Findings name generated files by the path the browser shows, not the temporary folder.
        options.outputDisplay = "/"
        let watcher = SiteWatcher(options: options, console: console, workingDirectory: environment.workingDirectory)
        do throws(SocketError) { try configuration.checkCanListen() } catch {
            console.err(cannotListen(configuration, error))
            return .inputError
        }
        let before = watcher.snapshot()
        // Ctrl-C during the first build (seconds at 10,000 pages) stops it at its next stage.
        let building = Task { await watcher.build() }
        let stopped = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                _ = await building.value; return false
            }
            group.addTask {
                await stop.wait(); return stop.hasArrived
            }
            let stopped = await group.next() ?? false
            if stopped { building.cancel() }
            group.cancelAll()
            return stopped
        }
        if stopped {
            console.err("stopped\n")
            return .success
        }
        guard let resolver = await building.value else { return .inputError }
        configuration.liveReload = true
        return await serve(.built(resolver), configuration, watcher: (watcher, before), stop: stop, console: console)
    }

    /// The line that says the server cannot listen, and why.
    private static func cannotListen(_ configuration: ServeConfiguration, _ error: SocketError) -> String {
        let place = "\(configuration.urlHost):\(configuration.port)"
        let reason = error.isAddressInUse ? "the port is in use (try another --port, or --port 0)" : "\(error)"
        return "error: cannot listen on \(place): \(reason)\n"
    }

    /// What is served: a bundle this process builds, or one on disk that another may rebuild.
    private enum Served {
        case built(SchemeResolver)
        case folder(BundleFolder)
    }

    private static func serve(
        _ served: Served, _ configuration: ServeConfiguration, watcher: (SiteWatcher, TreeSnapshot)?, stop: StopSignals,
        console: Console
    ) async -> ExitCode {
        let server: PreviewServer
        let origin: BundleOrigin
        do throws(SocketError) {
            switch served {
            case .built(let resolver):
                server = try PreviewServer(resolver: resolver, configuration: configuration)
                origin = resolver.origin
            case .folder(let folder):
                server = try await PreviewServer(folder: folder, configuration: configuration)
                origin = await folder.resolver.origin
            }
        } catch {
            console.err(cannotListen(configuration, error))
            return .inputError
        }
        console.out("serving http://\(configuration.urlHost):\(server.port)/ (\(origin))\n")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await server.run() }
            if let (watcher, before) = watcher { group.addTask { await watcher.watch(from: before, publishingTo: server) } }
            await stop.wait()
            group.cancelAll()
        }
        console.err("stopped\n")
        return .success
    }
}
