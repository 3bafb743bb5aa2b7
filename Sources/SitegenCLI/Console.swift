import Foundation

/// Standard output and error. Output is written as it comes, unbuffered, so findings appear in
/// order with progress lines.
struct Console: Sendable {
    func out(_ text: String) { write(text, to: FileHandle.standardOutput) }
    func err(_ text: String) { write(text, to: FileHandle.standardError) }
    func outData(_ data: Data) { try? FileHandle.standardOutput.write(contentsOf: data) }

    /// A write that fails (a closed pipe, under `serve`, which ignores SIGPIPE) is dropped: the
    /// output is for people, and the server goes on serving.
    private func write(_ text: String, to handle: FileHandle) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
