import Foundation
import Testing

/// Runs the built `sitegen` binary in a scratch folder holding copies of fixture sites and themes.
struct SitegenRunner {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The `sitegen` executable built beside the test bundle.
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [beside, beside.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = directory.appendingPathComponent("sitegen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/sitegen")
    }()

    /// A fresh scratch folder, removed when the runner goes away.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// Copies `Tests/Fixtures/<fixture>` to `<name>` in the scratch folder.
    func copyFixture(_ fixture: String, to name: String) throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: url(name))
    }

    func url(_ path: String) -> URL { directory.appendingPathComponent(path) }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)), as: UTF8.self)
    }

    /// Runs sitegen with `arguments` in the scratch folder.
    func run(_ arguments: [String]) throws -> Run {
        try run(Self.executable, arguments)
    }

    /// Runs sitegen with `arguments` in the scratch folder, with `environment` added to this process's.
    func run(_ arguments: [String], environment: [String: String]) throws -> Run {
        try run(Self.executable, arguments, environment: environment)
    }

    /// Runs sitegen with `arguments`, killed after `seconds` if it has not ended: for a test of
    /// something that used to hang.
    func run(_ arguments: [String], killedAfter seconds: Double) throws -> Run {
        try run(Self.executable, arguments, killedAfter: seconds)
    }

    /// Runs `executable` with `arguments` in the scratch folder.
    func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], killedAfter seconds: Double? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let seconds {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { if process.isRunning { kill(pid, SIGKILL) } }
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Every file below `path` with its bytes, to compare trees.
    func snapshot(_ path: String) throws -> [String: Data] {
        let root = url(path)
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(file.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: file)
        }
        return files
    }
}
