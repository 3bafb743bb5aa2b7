import SitegenBundleCore
import Synchronization

/// An HTTP/1.1 server on loopback that answers `http://127.0.0.1:PORT/path` with what
/// `SchemeResolver` serves for `SCHEME://HOST/path`. Binding happens at init (so a taken port fails
/// early); `run()` serves until its task is cancelled, one child task per connection, at most
/// `maximumConnections` at a time.
public final class PreviewServer: Sendable {
    /// The configuration served with.
    public let configuration: ServeConfiguration
    /// The port bound (the kernel's choice when the configuration asked for 0).
    public let port: Int
    private let listener: ListeningSocket
    private let state: PreviewState
    private let active = Mutex(0)

    /// Binds `configuration.host:port` and prepares to serve `resolver`. Throws a `SocketError`
    /// naming the failed call (`bind` with `EADDRINUSE` when the port is taken).
    public init(resolver: SchemeResolver, configuration: ServeConfiguration) throws(SocketError) {
        self.configuration = configuration
        listener = try ListeningSocket(host: configuration.host, port: configuration.port)
        port = listener.port
        state = PreviewState(resolver: resolver)
    }

    /// Binds like `init(resolver:configuration:)` and serves the bundle in `folder` as it is on
    /// disk at each request: when another process rebuilds it, the next request is answered from
    /// the new manifest (`publish(_:)` does not apply to such a server).
    public init(folder: BundleFolder, configuration: ServeConfiguration) async throws(SocketError) {
        self.configuration = configuration
        listener = try ListeningSocket(host: configuration.host, port: configuration.port)
        port = listener.port
        state = await PreviewState(folder: folder)
    }

    /// Serves until the calling task is cancelled; then stops accepting, cancels every connection
    /// and closes the listening socket.
    public func run() async {
        defer { listener.close() }
        await withDiscardingTaskGroup { group in
            var pause = Duration.milliseconds(1)
            while !Task.isCancelled {
                let full = active.withLock { $0 >= configuration.maximumConnections }
                let accepted = Result { () throws(SocketError) in full ? nil : try listener.accept() }
                if case .success(let socket?) = accepted {
                    active.withLock { $0 += 1 }
                    let handler = ConnectionHandler(socket: socket, configuration: configuration, state: state)
                    group.addTask {
                        await handler.run()
                        self.active.withLock { $0 -= 1 }
                    }
                    pause = .milliseconds(1)
                    continue
                }
                if !full, case .success(nil) = accepted {
                    // Nobody waiting: sleep until somebody connects.
                    do { _ = try await DescriptorWait.wait(listener.descriptor, for: .readable, timeout: .seconds(60)) } catch {
                        break
                    }
                    continue
                }
                // Full, or accept failed (out of descriptors): retry with a backoff.
                do { try await Task.sleep(for: pause) } catch { break }
                pause = min(pause * 2, .milliseconds(20))
            }
            group.cancelAll()
        }
    }

    /// Serves `resolver` from now on and tells open pages to reload.
    public func publish(_ resolver: SchemeResolver) { state.publish(resolver) }

    /// Keeps serving the current bundle and shows `failure` in open pages.
    public func publish(failure: String) { state.publish(failure: failure) }

    /// Connections being served right now.
    public var activeConnections: Int { active.withLock { $0 } }

    /// Open live-reload event streams.
    public var eventStreams: Int { state.hub.count }
}
