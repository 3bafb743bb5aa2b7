import Foundation

/// Serves one connection: parses request heads as they arrive (pipelined ones included), answers
/// each through a fresh `Responder` on the current bundle, and closes on error, timeout,
/// `Connection: close`, or cancellation.
struct ConnectionHandler: Sendable {
    let socket: ConnectionSocket
    let configuration: ServeConfiguration
    let state: PreviewState

    func run() async {
        // Set where the server ends the connection after a reply: closed in stages, so that an
        // unread request body does not reset the connection before the client reads the reply.
        var lingers = false
        defer { socket.close() }
        var parser = HTTPRequestParser()
        var budget = configuration.idleTimeout
        do {
            loop: while !Task.isCancelled {
                switch parser.next() {
                case .needMore:
                    do {
                        parser.append(try await socket.read(budget: &budget))
                    } catch ConnectionSocket.ReadFailure.timedOut where parser.bufferedCount > 0 {
                        try await send(.error(408, "the request head took too long"))
                        return
                    }
                    if parser.bufferedCount > 0 && budget > configuration.headTimeout { budget = configuration.headTimeout }
                case .failure(let error):
                    var refusal = PreviewResponse.error(error.status, error.message)
                    if error.isHead { refusal.body = .none }
                    try await send(refusal)
                    lingers = true
                    break loop
                case .request(let request):
                    let (bundle, build) = await state.served()
                    let responder = Responder(
                        bundle: bundle, liveReload: configuration.liveReload, digests: state.digests, build: build)
                    var response = await responder.respond(to: request)
                    if !request.wantsKeepAlive || request.announcesBody { response.closeConnection = true }
                    // A `HEAD` gets the head alone, whatever the reply (RFC 9110 §9.3.2): an error's
                    // text and the live-reload stream included.
                    if request.method == "HEAD" {
                        if case .eventStream = response.body { response.closeConnection = true }
                        response.body = .none
                    }
                    try await send(response)
                    if response.closeConnection {
                        if case .eventStream = response.body {} else { lingers = true }
                        break loop
                    }
                    budget = parser.bufferedCount > 0 ? configuration.headTimeout : configuration.idleTimeout
                }
            }
        } catch {
            // Timeouts, resets, cancellation: the connection just ends.
        }
        if lingers, !Task.isCancelled { await socket.closeLingering() }
    }

    private func send(_ response: PreviewResponse) async throws {
        var head = response.head
        if response.closeConnection { head.headers["Connection"] = "close" }
        head.headers["Date"] = HTTPDate.now
        switch response.body {
        case .none:
            try await socket.write(head.bytes)
        case .bytes(let data):
            try await socket.write(head.bytes + data)
        case .file(let file, let range):
            try await socket.write(head.bytes)
            try await sendFile(file, range)
        case .eventStream:
            try await streamEvents(head)
        }
    }

    /// Streams `range` of the file opened for the reply; a file that ends early (cut short in
    /// place) throws, closing the connection, since the length sent can no longer be met.
    private func sendFile(_ file: BundleFile, _ range: Range<Int>) async throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            try Task.checkCancellation()
            let chunk = try file.read(at: offset, count: min(64 * 1024, range.upperBound - offset))
            try await socket.write(chunk)
            offset += chunk.count
        }
    }

    /// Sends each event as it comes until the client hangs up, a write fails, or the task is
    /// cancelled. The socket is watched meanwhile: a page left between two rebuilds closes its
    /// stream at once, not when the next event finds it gone, so its connection slot is freed.
    private func streamEvents(_ head: HTTPResponseHead) async throws {
        let events = state.hub.subscribe()
        var first = head.bytes + Array(": sitegen live reload\n\n".utf8) + ReloadEvent.build(state.build).bytes
        if let failure = state.failure { first += ReloadEvent.failure(failure).bytes }
        try await socket.write(first)
        let socket = self.socket
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await socket.waitForHangUp() }
            group.addTask { for await event in events { try await socket.write(event.bytes) } }
            // Whichever ends first ends the stream.
            try await group.next()
            group.cancelAll()
        }
    }
}
