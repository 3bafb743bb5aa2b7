import Foundation

/// Serves one connection: parses request heads as they arrive (pipelined ones included), answers
/// each through a fresh `Responder` on the current bundle, and closes on error, timeout,
/// `Connection: close`, or cancellation.
struct ConnectionHandler: Sendable {
    let socket: ConnectionSocket
    let configuration: ServeConfiguration
    let state: PreviewState

    func run() async {
        defer { socket.close() }
        var parser = HTTPRequestParser()
        var budget = configuration.idleTimeout
        do {
            while !Task.isCancelled {
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
                    try await send(.error(error.status, error.message))
                    return
                case .request(let request):
                    var response = Responder(resolver: state.resolver, liveReload: configuration.liveReload).respond(to: request)
                    if !request.wantsKeepAlive || request.announcesBody { response.closeConnection = true }
                    try await send(response)
                    if response.closeConnection { return }
                    budget = parser.bufferedCount > 0 ? configuration.headTimeout : configuration.idleTimeout
                }
            }
        } catch {
            // Timeouts, resets, cancellation: the connection just ends.
        }
    }

    private func send(_ response: PreviewResponse) async throws {
        var head = response.head
        if response.closeConnection { head.headers["Connection"] = "close" }
        switch response.body {
        case .none:
            try await socket.write(head.bytes)
        case .bytes(let data):
            try await socket.write(head.bytes + data)
        case .injectedHTML(let file):
            try await socket.write(head.bytes + LiveReloadScript.inject(into: try Data(contentsOf: file)))
        case .file(let file, let range):
            try await socket.write(head.bytes)
            try await sendFile(file, range)
        case .eventStream:
            try await streamEvents(head)
        }
    }

    private func sendFile(_ file: URL, _ range: Range<Int>) async throws {
        guard !range.isEmpty else { return }
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        var remaining = range.count
        while remaining > 0 {
            try Task.checkCancellation()
            guard let chunk = try handle.read(upToCount: min(64 * 1024, remaining)), !chunk.isEmpty else { return }
            try await socket.write(chunk)
            remaining -= chunk.count
        }
    }

    private func streamEvents(_ head: HTTPResponseHead) async throws {
        let events = state.hub.subscribe()
        var first = head.bytes + Array(": sitegen live reload\n\n".utf8)
        if let failure = state.failure { first += ReloadEvent.failure(failure).bytes }
        try await socket.write(first)
        for await event in events { try await socket.write(event.bytes) }
    }
}
