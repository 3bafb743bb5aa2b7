import Foundation
import SitegenCore
import Synchronization

/// The progress line on a terminal: `checking 4,096/10,001 (5,120/s)`, rewritten in place at most
/// ten times a second, cleared when done. The rate counts from the stage's first report, which the
/// stages send as they start, and shows once a tenth of a second has passed. Nothing is printed
/// for small jobs, when standard error is not a terminal, or with `--quiet`.
final class ProgressLine: Sendable {
    private struct State {
        var started: ContinuousClock.Instant?
        /// Items done when the stage was first reported (pages a rebuild takes from its cache).
        var doneAtStart = 0
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
                state.doneAtStart = progress.done
            }
            if let last = state.lastDrawn, now - last < .milliseconds(100), progress.done < progress.total { return nil }
            state.lastDrawn = now
            state.visible = true
            let elapsed = state.started.map { seconds(between: $0, and: now) } ?? 0
            return "\r\u{1B}[K" + Self.text(progress, doneAtStart: state.doneAtStart, seconds: elapsed)
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// `parsing 4096/10001 (5120/s)`: the rate of the items done in the `seconds` since the stage's
    /// first report, which had `doneAtStart` done. A rate over less than a tenth of a second says
    /// more of the scheduler than of the work: none is shown.
    static func text(_ progress: StageProgress, doneAtStart: Int, seconds: Double) -> String {
        let rate = seconds >= 0.1 ? " (\(Int(Double(progress.done - doneAtStart) / seconds))/s)" : ""
        return "\(progress.stage) \(progress.done)/\(progress.total)\(rate)"
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
