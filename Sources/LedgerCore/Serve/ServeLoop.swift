/// The connection loop of `ledgerc serve`: one thread, `poll` over the
/// listeners and the connections, each request read within its bounds
/// (`HTTPRequest.read`), answered by the `JournalServer`, and the connection
/// closed after its answer, but the event streams, which stay open and are
/// told when the journal changes. A slow client is cut after `timeout`; past
/// `mostConnections` a new one waits in the kernel's queue (512 deep) until one ends. A malformed request costs only its
/// own connection. Stops between requests when `StopSignal` is raised.
package struct ServeLoop {
    package var mostConnections = 128
    /// Seconds a connection may take to send its request.
    package var timeout = 10.0
    /// How often the journal's files are looked at for changes, in seconds.
    package var watchEvery = 0.5

    package init() {}

    final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        var started: Double
        var isEventStream = false
        var closing = false
        init(fd: Int32, now: Double) { self.fd = fd; started = now }
    }

    /// Runs until stopped.
    package func run(_ server: JournalServer, listeners: [Int32], clock: () -> Double) {
        var connections: [Connection] = []
        var lastWatch = clock()
        var generation = server.generation
        while StopSignal.raised == 0 {
            // At the cap, new connections wait in the kernel's queue until one ends.
            let accepting = connections.count < mostConnections
            let watched = listeners.map { (fd: $0, read: accepting, write: false) }
                + connections.map { (fd: $0.fd, read: !$0.closing || $0.isEventStream, write: $0.sent < $0.output.count) }
            let ready = LoopbackSocket.wait(watched, milliseconds: 200)
            let now = clock()
            // The connections the poll looked at; those accepted now are read on the next turn.
            let polled = connections.count
            for (k, listener) in listeners.enumerated() where ready[k].readable {
                while connections.count < mostConnections, let fd = LoopbackSocket.accept(listener) {
                    connections.append(Connection(fd: fd, now: now))
                }
            }
            for (k, c) in connections.prefix(polled).enumerated() {
                let state = ready[listeners.count + k]
                if state.broken { c.closing = true; c.isEventStream = false; c.output = []; c.sent = 0; continue }
                if state.readable {
                    guard let bytes = LoopbackSocket.receive(c.fd) else { continue }
                    if bytes.isEmpty {
                        // The peer closed its side: an event stream ends; a request half sent is dropped.
                        if c.isEventStream || c.output.isEmpty { c.closing = true; c.isEventStream = false; c.output = []; c.sent = 0 }
                        continue
                    }
                    if c.closing || c.isEventStream { continue }
                    c.input += bytes
                    switch HTTPRequest.read(c.input) {
                    case .incomplete: break
                    case .refused(let answer): respond(c, answer)
                    case .request(let request, _):
                        respond(c, server.handle(request))
                        // A write's safe writer took SIGINT and SIGTERM to remove its temporary file:
                        // they stop the loop again, between requests.
                        if request.method != "GET" { StopSignal.install() }
                    }
                }
                if state.writable, c.sent < c.output.count {
                    let n = LoopbackSocket.send(c.fd, c.output[c.sent...])
                    if n < 0 { c.closing = true; c.isEventStream = false; c.output = []; c.sent = 0 } else { c.sent += n }
                    // An event stream's sent events are let go.
                    if c.isEventStream, c.sent == c.output.count { c.output = []; c.sent = 0 }
                }
                if !c.closing, now - c.started > timeout { respond(c, .problem(408, "the request took too long")) }
            }
            // Close what is done: answered and sent, or gone.
            connections.removeAll { c in
                let done = c.closing && !c.isEventStream && c.sent >= c.output.count
                if done { LoopbackSocket.close(c.fd) }
                return done
            }
            if now - lastWatch >= watchEvery {
                lastWatch = now
                server.refreshIfChanged()
            }
            if server.generation != generation {
                generation = server.generation
                let event = server.changedEvent
                for c in connections where c.isEventStream { c.output += event }
            }
        }
        for c in connections { LoopbackSocket.close(c.fd) }
        for l in listeners { LoopbackSocket.close(l) }
    }

    private func respond(_ c: Connection, _ answer: HTTPResponse) {
        c.output = answer.bytes
        c.sent = 0
        c.closing = true
        c.isEventStream = answer.isEventStream
        c.input = []
    }
}
