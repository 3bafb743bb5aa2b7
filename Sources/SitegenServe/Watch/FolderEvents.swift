import Foundation
import SitegenCore

#if canImport(Glibc)
    import Glibc
#endif

/// Says whether anything below some folders may have changed since it was last asked, so that a
/// watcher walks the folders only then. On Linux the kernel tells (inotify, one watch per folder);
/// where it cannot (another system, a root missing when it starts, the watch limit reached), every
/// ask answers yes and the watcher simply polls. Owned by one task: not `Sendable`.
public final class FolderEvents {
    private let roots: [URL]
    private var descriptor: Int32 = -1
    /// Whether the next ask must answer yes: at first, so that nothing from before is missed.
    private var pending = true
    /// Where events are read into (and dropped: any event means "walk again").
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Starts listening below `roots`.
    public init(roots: [URL]) {
        self.roots = roots
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if descriptor >= 0, !watchFolders() {
                close(descriptor)
                descriptor = -1
            }
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the kernel watches the folders (else every ask answers yes).
    public var isWatching: Bool { descriptor >= 0 }

    /// Returns when the kernel has something to report (true), `timeout` passed (false), or nothing
    /// is watched (true, at once). Also at once before the first ask, which answers yes: what
    /// happened before the watch began is not known. Throws `CancellationError` when the task is
    /// cancelled.
    @discardableResult
    public func waitForEvents(timeout: Duration) async throws -> Bool {
        guard descriptor >= 0, !pending else { return true }
        return try await DescriptorWait.wait(descriptor, for: .readable, timeout: timeout) == .ready
    }

    /// True if something may have changed since the last ask: an event arrived, events were lost,
    /// or nothing is watched. Never blocks.
    public func mayHaveChanged() -> Bool {
        guard descriptor >= 0 else { return true }
        var changed = pending
        pending = false
        #if os(Linux)
            let descriptor = self.descriptor
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    changed = true
                    continue
                }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno != EAGAIN {
                    close(descriptor)
                    self.descriptor = -1
                    return true
                }
                break
            }
            // A folder made since the last ask gets its watch now; adding one twice is harmless.
            if changed, !watchFolders() {
                close(descriptor)
                self.descriptor = -1
            }
        #endif
        return changed
    }

    /// Adds a watch on every folder below the roots; false if one could not be added.
    private func watchFolders() -> Bool {
        #if os(Linux)
            let mask = UInt32(
                IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            for root in roots {
                // A root that is not there yet could not say when it comes: poll instead.
                let folders = DirectoryWalker.folders(below: root.path)
                if folders.isEmpty { return false }
                for folder in folders {
                    // A folder removed meanwhile is no failure: its parent's event says so.
                    if inotify_add_watch(descriptor, folder, mask) < 0, errno != ENOENT, errno != ENOTDIR { return false }
                }
            }
            return true
        #else
            return false
        #endif
    }
}
