import Foundation
import SitegenCore
import Synchronization

/// The progress line on a terminal: `checking 4,096/10,001 (5,120/s)`, rewritten in place at most
/// ten times a second, cleared when done. Nothing is printed for small jobs, when standard error is
/// not a terminal, or with `--quiet`.
final class ProgressLine: Sendable {
    private struct State {
        var started: ContinuousClock.Instant?
        var stage = ""
        var lastDrawn: ContinuousClock.Instant?
        var visible = false
    }

    private let state = Mutex(State())
    private let enabled: Bool
    static let minimumItems = 200

    init(enabled: Bool) { self.enabled = enabled }

    /// The handler to give the libraries, or `nil` when nothing is shown.
    var handler: ProgressHandler? {
        guard enabled else { return nil }
        return { [self] progress in self.report(progress) }
    }

    private func report(_ progress: StageProgress) {
        guard progress.total >= Self.minimumItems else { return }
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            if state.stage != progress.stage || state.started == nil {
                state.stage = progress.stage
                state.started = now
            }
            if let last = state.lastDrawn, now - last < .milliseconds(100), progress.done < progress.total { return nil }
            state.lastDrawn = now
            state.visible = true
            let elapsed = state.started.map { seconds(between: $0, and: now) } ?? 0
            let rate = elapsed > 0 ? Int(Double(progress.done) / elapsed) : 0
            return "\r\u{1B}[K\(progress.stage) \(progress.done)/\(progress.total) (\(rate)/s)"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Removes the line so that findings and the summary start at the left margin.
    func finish() {
        let wasVisible = state.withLock { state in
            defer { state.visible = false }
            return state.visible
        }
        if wasVisible { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func seconds(between start: ContinuousClock.Instant, and end: ContinuousClock.Instant) -> Double {
        let elapsed = end - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
