/// How far a long stage has got, reported by the libraries to whoever shows it (the CLI prints a
/// line on a terminal; tests ignore it). Libraries never read the clock: rates are the caller's.
public struct StageProgress: Sendable, Hashable {
    /// What is being done: `parsing`, `writing`, `checking`.
    public var stage: String
    public var done: Int
    public var total: Int

    public init(stage: String, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }
}

/// Receives progress reports; called from the task that merges results, never concurrently.
public typealias ProgressHandler = @Sendable (StageProgress) -> Void
