import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The fake Cloud Functions of Scripts/fake-cloud-server.py, served inside the
/// test process: on 127.0.0.1 on an OS-chosen port, until `stop()`.
///
/// Every connection is served on a thread of its own (blocking sockets), never
/// on Swift's cooperative pool, so a test that blocks the pool (a child
/// process's wait) or a client that blocks a thread cannot starve it.
/// The faults and the answers are the script's (`FakeCloudFault`, `FakeCloudAnswers`);
/// each run label counts its requests, read with `requestCount` or awaited with `waitForRequests`.
public final class FakeCloud: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// The fake's "now" for HTTP dates, ms since 1970 (2023-11-14T22:13:20Z): a `radate-<s>` fault answers
    /// the date `s` seconds after it, and a client reads it on a `WallClock` fixed here (never the system clock).
    public static let referenceMs: Int64 = 1_700_000_000_000
    private let listener: Int32
    private let state = NSCondition()
    private var counts: [String: [String: Int]] = [:]
    private var connections: Set<Int32> = []
    private var stopped = false

    private init(listener: Int32, port: Int) {
        self.listener = listener
        self.port = port
    }

    /// Starts a server listening on 127.0.0.1 (a port the OS picks).
    public static func start() throws -> FakeCloud {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 256) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        let server = FakeCloud(listener: fd, port: Int(UInt16(bigEndian: address.sin_port)))
        let thread = Thread { server.acceptLoop() }
        thread.name = "fake-cloud.accept"
        thread.start()
        return server
    }

    /// A base URL whose requests get `fault` (see `FakeCloudFault`), counted under a fresh run label.
    public func base(_ fault: String = "ok") -> String {
        "http://127.0.0.1:\(port)/r\(UUID().uuidString.prefix(8).lowercased())/\(fault)"
    }

    /// How many requests reached the run of `base` (a URL from `base(_:)`), in all or for one function.
    public func requestCount(_ base: String, function: String = "total") -> Int {
        state.withLock { count(run(of: base), function) }
    }

    /// The requests the run labelled `run` received, per function and `total`.
    public func counts(run: String) -> [String: Int] {
        state.withLock { (counts[run] ?? [:]).merging(["total": count(run, "total")]) { $1 } }
    }

    /// Waits until the run of `base` has received `count` requests (in all or for one function),
    /// or `timeout` seconds pass (a bound for a broken test, not a synchronisation).
    /// - Returns: whether the count was reached.
    public func waitForRequests(_ base: String, function: String = "total", count wanted: Int, timeout: Double = 60) -> Bool {
        let label = run(of: base)
        let limit = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        while count(label, function) < wanted {
            guard state.wait(until: limit) else { return count(label, function) >= wanted }
        }
        return true
    }

    /// `waitForRequests` on a thread of its own, so the waiting never holds a thread of Swift's cooperative pool.
    public func requests(_ base: String, function: String = "total", count wanted: Int, timeout: Double = 60) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitForRequests(base, function: function, count: wanted, timeout: timeout)) }.start()
        }
    }

    /// Stops listening and closes every open connection (a hanging answer ends at once).
    public func stop() {
        let open: Set<Int32> = state.withLock {
            stopped = true
            state.broadcast()
            return connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { close(listener) }

    // MARK: Serving

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let accepted: Bool = state.withLock {
                if stopped { return false }
                connections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            let thread = Thread { [self] in
                serve(FakeCloudConnection(fd: fd))
                state.withLock { _ = connections.remove(fd) }
                close(fd)
            }
            thread.name = "fake-cloud.connection"
            thread.start()
        }
    }

    /// Answers requests on one connection until the client or a fault closes it.
    private func serve(_ connection: FakeCloudConnection) {
        while let request = connection.readRequest() {
            let parts = request.path.split(separator: "/").map(String.init)
            let answer: FakeCloudAnswer
            switch request.method {
            case "GET" where parts.count == 2 && parts[1] == "_count":
                answer = .json(200, countsJSON(parts[0]))
            case "GET":
                answer = .json(400, #"{"error": "GET not supported"}"#)
            case "OPTIONS":
                answer = .raw(status: 204, contentType: nil, body: [], extra: [:])
            case "POST" where parts.count == 3:
                answer = post(run: parts[0], fault: parts[1], function: parts[2], request: request)
            default:
                answer = .json(404, #"{"error": "use /<run>/<fault>/<function>"}"#)
            }
            guard connection.send(answer, hang: { hang(connection) }), !request.closes else { return }
        }
    }

    private func post(run: String, fault: String, function: String, request: FakeCloudRequest) -> FakeCloudAnswer {
        var fault = fault
        if let at = fault.firstIndex(of: "@") {
            fault = fault[fault.index(after: at)...] == function ? String(fault[..<at]) : "ok"
        }
        let seen: Int = state.withLock {
            counts[run, default: [:]][function, default: 0] += 1
            state.broadcast()
            return count(run, "total")
        }
        guard request.contentType == "application/json" else { return .json(400, #"{"error": "Missing required parameters"}"#) }
        let parsed = request.body.isEmpty ? [:] : try? JSONSerialization.jsonObject(with: Data(request.body), options: [.fragmentsAllowed])
        guard let parsed else { return .json(400, #"{"error": "Invalid JSON"}"#) }
        guard let body = parsed as? [String: Any] else { return .json(500, #"{"error": "Internal error"}"#) }
        return FakeCloudFault(fault).answer(function: function, body: body, seen: seen) { seconds in
            let limit = Date(timeIntervalSinceNow: seconds)
            state.withLock { while !stopped, state.wait(until: limit) {} }
        }
    }

    /// The `hang` fault: reads until the client leaves, the server stops or 30 s pass.
    private func hang(_ connection: FakeCloudConnection) {
        connection.waitForClose(seconds: 30)
    }

    private func run(of base: String) -> String {
        URL(string: base)?.deletingLastPathComponent().lastPathComponent ?? base
    }

    private func count(_ run: String, _ function: String) -> Int {
        let perRun = counts[run] ?? [:]
        return function == "total" ? perRun.values.reduce(0, +) : perRun[function] ?? 0
    }

    private func countsJSON(_ run: String) -> String {
        state.withLock {
            let perRun = counts[run] ?? [:]
            let fields = perRun.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" } + ["\"total\": \(count(run, "total"))"]
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }
}
