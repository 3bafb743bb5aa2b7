import Foundation

/// Wall time per stage, and the CPU time the whole process spent meanwhile (on every thread),
/// printed on stderr when the environment sets `SITEGEN_TIMINGS`: how to see where a build spends
/// its time, and how much of it both cores work, without a profiler. Silent and nearly free otherwise.
public struct StageTimer: Sendable {
    /// Whether `SITEGEN_TIMINGS` is set for this process.
    public static let isEnabled = getenv("SITEGEN_TIMINGS") != nil

    private var last = ContinuousClock.now
    private var lastCPU = Self.processCPU()

    public init() {}

    /// Prints the time since the previous lap (or since creation) under `stage`.
    public mutating func lap(_ stage: @autoclosure () -> String) {
        guard Self.isEnabled else { return }
        let now = ContinuousClock.now
        let cpu = Self.processCPU()
        let elapsed = now - last
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        // A progress line may be on screen: the timing takes its place rather than its end.
        let line =
            (StandardError.redrawsLines ? "\r\u{1B}[K" : "")
            + String(
                format: "timing: %@ %.1f ms (cpu %.1f ms, rss %.1f MB)\n", stage(), milliseconds, (cpu - lastCPU) * 1e3,
                Self.residentMegabytes())
        last = now
        lastCPU = cpu
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The process's resident set now, from `/proc/self/statm` (0 where there is none).
    private static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// User and system time of every thread of the process so far, in seconds.
    private static func processCPU() -> Double {
        guard isEnabled else { return 0 }
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
