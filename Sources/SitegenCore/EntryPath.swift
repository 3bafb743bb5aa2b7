/// The relative path of a folder entry, made from the folder's path and the name `readdir` gave:
/// in one piece, where `folder + "/" + name` made a string of the name and appended twice, for each
/// of the 10,000 files a walk lists.
package enum EntryPath {
    /// `folder`, a `/` (unless `folder` is empty or already ends with one) and `name`'s bytes,
    /// which must be valid UTF-8.
    package static func joined(_ folder: String, _ name: UnsafeRawBufferPointer) -> String {
        var folder = folder
        return folder.withUTF8 { head in
            let slash = !head.isEmpty && head.last != UInt8(ascii: "/")
            let count = head.count + (slash ? 1 : 0) + name.count
            return String(unsafeUninitializedCapacity: count) { out in
                let start = UnsafeMutableRawPointer(out.baseAddress!)
                if let bytes = head.baseAddress { start.copyMemory(from: bytes, byteCount: head.count) }
                if slash { out[head.count] = UInt8(ascii: "/") }
                if let bytes = name.baseAddress {
                    (start + head.count + (slash ? 1 : 0)).copyMemory(from: bytes, byteCount: name.count)
                }
                return count
            }
        }
    }
}
