import Foundation

/// Standard output and error. Output is written as it comes, unbuffered, so findings appear in
/// order with progress lines.
struct Console: Sendable {
    func out(_ text: String) { write(text, to: FileHandle.standardOutput) }
    func err(_ text: String) { write(text, to: FileHandle.standardError) }
    func outData(_ data: Data) { FileHandle.standardOutput.write(data) }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
