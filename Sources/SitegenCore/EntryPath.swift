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
                var at = 0
                for byte in head {
                    out[at] = byte
                    at += 1
                }
                if slash {
                    out[at] = UInt8(ascii: "/")
                    at += 1
                }
                for byte in name {
                    out[at] = byte
                    at += 1
                }
                return count
            }
        }
    }
}
