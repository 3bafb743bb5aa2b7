import Foundation
import Testing

@testable import SitegenCore

@Suite struct TemporarySiblingTests {
    /// A process id that runs nothing: a child that has exited and been waited for.
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func leftoversOfGoneRunsAreRemovedAndTheRestKept() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-siblings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let dead = try deadProcessID()
        let uuid = UUID().uuidString
        let names = [
            ".dist.sitegen-\(dead)-\(uuid)", "..dist.sitegen-cache.\(dead)-\(uuid)", ".dist.old-\(dead)-\(uuid)",
            ".dist.sitegen-\(getpid())-\(uuid)", ".dist.sitegen-\(uuid)", ".dist.sitegen-old-\(uuid)",
            ".distx.sitegen-\(dead)-\(uuid)",
            ".dist.sitegen-cache", "dist",
        ]
        for name in names {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // An older sitegen's leftover, without a process id, untouched for two hours.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: parent.appendingPathComponent(".dist.sitegen-old-\(uuid)").path)
        TemporarySibling.removeLeftovers(besides: parent.appendingPathComponent("dist"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        #expect(
            left == [
                ".dist.sitegen-\(getpid())-\(uuid)", ".dist.sitegen-\(uuid)", ".distx.sitegen-\(dead)-\(uuid)",
                ".dist.sitegen-cache",
                "dist",
            ])
    }

    /// `serve`'s scratch folders (`sitegen-serve-<pid>-<UUID>` in the temporary folder): those of
    /// servers that are gone are removed, a running one's and other names are kept.
    @Test func leftoversByNameOfGoneRunsAreRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-scratch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = try deadProcessID()
        let uuid = UUID().uuidString
        let names = [
            "sitegen-serve-\(dead)-\(uuid)", "sitegen-serve-\(getpid())-\(uuid)", "sitegen-serve-\(uuid)",
            "other-\(dead)-\(uuid)",
        ]
        for name in names {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name).appendingPathComponent("bundle"), withIntermediateDirectories: true)
        }
        TemporarySibling.removeLeftovers(named: "sitegen-serve-", in: folder)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == ["sitegen-serve-\(getpid())-\(uuid)", "sitegen-serve-\(uuid)", "other-\(dead)-\(uuid)"])
    }

    @Test func namesCarryTheProcessID() {
        let name = TemporarySibling.name(".dist.sitegen-")
        #expect(name.hasPrefix(".dist.sitegen-\(getpid())-"))
        #expect(UUID(uuidString: String(name.suffix(36))) != nil)
    }
}
