/// The process exit codes of DESIGN.md, so that CI can tell findings from misuse.
public enum ExitCode: Int32, Sendable {
    /// No errors (warnings allowed unless strict).
    case success = 0
    /// Link errors (or, in strict mode, warnings) were found.
    case findings = 1
    /// Usage, configuration or input error: nothing was written.
    case inputError = 2
}
