import Foundation

/// Wall time per stage, printed on stderr when the environment sets `SITEGEN_TIMINGS`: how to see
/// where a build spends its time without a profiler. Silent and nearly free otherwise.
public struct StageTimer: Sendable {
    /// Whether `SITEGEN_TIMINGS` is set for this process.
    public static let isEnabled = ProcessInfo.processInfo.environment["SITEGEN_TIMINGS"] != nil

    private var last = ContinuousClock.now

    public init() {}

    /// Prints the time since the previous lap (or since creation) under `stage`.
    public mutating func lap(_ stage: @autoclosure () -> String) {
        guard Self.isEnabled else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        FileHandle.standardError.write(Data("timing: \(stage()) \(String(format: "%.1f", milliseconds)) ms\n".utf8))
    }
}
