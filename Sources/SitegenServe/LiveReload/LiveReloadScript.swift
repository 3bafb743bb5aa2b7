import Foundation

/// The script injected into served HTML pages (only on the wire, never into the bundle on disk):
/// it listens to the server's event stream, reloads on `reload` or when the stream's first event
/// names another build than the page's (a rebuild that ended before the page connected), and shows
/// a build failure in a banner on `failure`. A hidden page (a tab in the background) closes its
/// stream and opens it again when shown: browsers give a host six connections, and a stream
/// per open tab would leave the seventh tab none.
public enum LiveReloadScript {
    /// The reserved path of the Server-Sent Events stream.
    public static let eventsPath = "/_sitegen/events"

    /// The exact bytes inserted before `</body>` of a page served from build number `build`.
    public static func tag(build: Int) -> Data {
        Data(
            """
            <script id="sitegen-live-reload">(()=>{const v="\(build)";let s,b;function o(){if(s)return;\
            s=new EventSource("\(eventsPath)");\
            s.addEventListener("build",e=>{if(e.data!==v)location.reload()});\
            s.addEventListener("reload",()=>location.reload());\
            s.addEventListener("failure",e=>{if(!b){b=document.createElement("pre");b.id="sitegen-build-error";\
            b.style.cssText="position:fixed;left:0;right:0;bottom:0;margin:0;padding:1em;max-height:50%;overflow:auto;\
            background:#fff0f0;color:#a00;border-top:3px solid #a00;font:13px/1.4 monospace;white-space:pre-wrap;z-index:2147483647";\
            document.body.appendChild(b)}b.textContent="sitegen: the last build failed; showing the previous bundle.\\n\\n"+e.data})}\
            document.addEventListener("visibilitychange",()=>{if(document.hidden){if(s){s.close();s=null}}else o()});\
            if(!document.hidden)o()})();</script>
            """.utf8)
    }

    /// `html` with the tag of `build` inserted before its last `</body>` (ASCII case-insensitive), or
    /// appended when there is none.
    public static func inject(into html: Data, build: Int) -> Data {
        let tag = tag(build: build)
        let bytes = [UInt8](html)
        let needle = Array("</body".utf8)
        var index = bytes.count - needle.count
        while index >= 0 {
            if zip(bytes[index...], needle).allSatisfy({ (65...90).contains($0) ? $0 + 32 == $1 : $0 == $1 }) {
                var out = Data(bytes[..<index])
                out.append(tag)
                out.append(contentsOf: bytes[index...])
                return out
            }
            index -= 1
        }
        return html + tag
    }
}
