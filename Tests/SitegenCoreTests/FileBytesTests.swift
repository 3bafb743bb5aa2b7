import Foundation
import SitegenCore
import Testing

@Suite struct FileBytesTests {
    @Test func readsWholeFilesEmptyFilesAndNothingForMissingOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try large.write(to: folder.appendingPathComponent("large.bin"))
        try Data().write(to: folder.appendingPathComponent("empty.html"))
        #expect(FileBytes.readData(folder.appendingPathComponent("large.bin").path) == large)
        #expect(FileBytes.readData(folder.appendingPathComponent("empty.html").path) == Data())
        #expect(FileBytes.readData(folder.appendingPathComponent("missing.html").path) == nil)
        #expect(FileBytes.readData(folder.path) == nil)
        #expect(FileBytes.read(folder.appendingPathComponent("large.bin").path) == Array(large))
        #expect(FileBytes.read(folder.appendingPathComponent("empty.html").path) == [])
        #expect(FileBytes.read(folder.appendingPathComponent("missing.html").path) == nil)
        #expect(FileBytes.read(folder.path) == nil)
    }
}
