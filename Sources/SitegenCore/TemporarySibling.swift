import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files and folders sitegen writes beside an output folder (`dist/`: the staged
/// bundle, the previous one on its way out, the caches being saved) carry the writing process's
/// id, so that what an interrupted run left behind can be told from what a running one is writing,
/// and removed by the next run.
public enum TemporarySibling {
    /// `<prefix><pid>-<UUID>`, e.g. `.dist.sitegen-4211-1E0C…`.
    public static func name(_ prefix: String) -> String { "\(prefix)\(getpid())-\(UUID().uuidString)" }

    /// Creates a new, empty file beside `url`, named `.<name>.<pid>-<UUID>`, to be written and renamed
    /// over `url`; nil when it cannot be created.
    public static func createFile(beside url: URL) -> (url: URL, handle: FileHandle)? {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(name(".\(url.lastPathComponent)."))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        return (temporary, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// How long a leftover named by an older sitegen, without a process id, is left alone.
    static let unattributedAge: TimeInterval = 3600

    /// Removes the leftovers of runs that are gone beside `destination`: entries of its parent named
    /// `.<name>.…` or `..<name>.…` that end in `<pid>-<UUID>` of a process no longer running, or in
    /// a bare UUID (older sitegen) and untouched for an hour. Failures are ignored: a leftover only
    /// costs space.
    public static func removeLeftovers(besides destination: URL) {
        let name = destination.lastPathComponent
        removeLeftovers(
            in: destination.deletingLastPathComponent().path,
            where: { entry in
                entry.hasPrefix(".\(name).") || entry.hasPrefix("..\(name).")
            })
    }

    /// Removes the leftovers of runs that are gone in `folder`: entries named `<prefix><pid>-<UUID>`
    /// of a process no longer running, or `<prefix><UUID>` (older sitegen) untouched for an hour.
    public static func removeLeftovers(named prefix: String, in folder: URL) {
        removeLeftovers(in: folder.path, where: { $0.hasPrefix(prefix) })
    }

    /// Removes the entries of `folder` that `isNamed` accepts and that are leftovers (`isLeftover`).
    private static func removeLeftovers(in folder: String, where isNamed: (String) -> Bool) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where isNamed(entry) && isLeftover(entry, in: folder) {
            try? FileManager.default.removeItem(atPath: folder + "/" + entry)
        }
    }

    static func isLeftover(_ entry: String, in parent: String) -> Bool {
        let uuidLength = 36
        guard entry.utf8.count > uuidLength, UUID(uuidString: String(entry.suffix(uuidLength))) != nil else { return false }
        let head = entry.dropLast(uuidLength + 1)
        let digits = head.reversed().prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, entry.dropLast(uuidLength).last == "-", let pid = Int32(String(digits.reversed())) {
            return kill(pid, 0) != 0 && errno == ESRCH
        }
        let modified = (try? FileManager.default.attributesOfItem(atPath: parent + "/" + entry))?[.modificationDate] as? Date
        return modified.map { Date().timeIntervalSince($0) > unattributedAge } ?? false
    }
}
