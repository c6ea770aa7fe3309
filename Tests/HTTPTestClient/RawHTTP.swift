import Foundation
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// Raw HTTP/1.1 over a TCP socket to 127.0.0.1, for what no HTTP client sends or reads: a
/// malformed or slow request, a forged Host line, a body that never arrives, an event stream
/// that never ends. Everything else goes through `TestHTTP`.
///
/// The blocking socket calls run on a thread of their own, never on the cooperative pool that
/// the servers in the test process need; every read is bounded (1 s at a time, `seconds` in all).
public enum RawHTTP {
    /// When a read stops (besides the time running out).
    public enum Stop: Sendable {
        /// When the server closes the connection.
        case close
        /// When the received text contains this (or the server closes).
        case text(String)
        /// When one whole answer arrived: the head and `Content-Length` bytes of body (or the server closes).
        case completeAnswer
    }

    /// What one exchange received.
    public struct Exchange: Sendable {
        /// Everything received, as UTF-8 text.
        public var text = ""
        /// Whether the server closed the connection.
        public var closed = false
        /// With `probeAfterClose`: whether the server refused further bytes after it closed.
        public var refusedMore = false
    }

    /// Sends `request` to 127.0.0.1:`port` and reads until `stop`, or `seconds` pass. Each chunk is also
    /// handed to `progress` as it arrives (so a test can wait for a stream to open). With `probeAfterClose`,
    /// after a close it keeps sending (bounded by the same `seconds`) to see whether the server takes more.
    public static func exchange(port: Int, _ request: [UInt8], until stop: Stop = .close, seconds: Int = 30,
                                probeAfterClose: Bool = false, progress: (@Sendable (Data) -> Void)? = nil) async -> Exchange {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: blockingExchange(port: port, request, stop: stop, seconds: seconds,
                                                                probeAfterClose: probeAfterClose, progress: progress))
            }.start()
        }
    }

    /// `exchange` with the request as text.
    public static func exchange(port: Int, _ request: String, until stop: Stop = .close, seconds: Int = 30,
                                probeAfterClose: Bool = false, progress: (@Sendable (Data) -> Void)? = nil) async -> Exchange {
        await exchange(port: port, Array(request.utf8), until: stop, seconds: seconds, probeAfterClose: probeAfterClose, progress: progress)
    }

    /// The body of an answer (after the blank line).
    public static func body(_ answer: String) -> String {
        answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
    }

    private static func blockingExchange(port: Int, _ request: [UInt8], stop: Stop, seconds: Int, probeAfterClose: Bool,
                                         progress: (@Sendable (Data) -> Void)?) -> Exchange {
        var exchange = Exchange()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return exchange }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard LoopbackSocket.connect(fd, port: port) else { return exchange }
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received += buffer[0..<n]
                progress?(Data(buffer[0..<n]))
            }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                exchange.closed = true
                break
            }
            if reached(stop, received) { break }
        }
        exchange.text = String(decoding: received, as: UTF8.self)
        guard probeAfterClose, exchange.closed else { return exchange }
        let piece = [UInt8](repeating: 32, count: 64 << 10)
        while ContinuousClock.now < deadline {
            let sent = piece.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                exchange.refusedMore = true
                break
            }
            if sent < 0 {
                var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, 100)   // bounded wait until the socket takes bytes again
            }
        }
        return exchange
    }

    /// Whether `received` satisfies `stop` (a close is seen by the caller).
    private static func reached(_ stop: Stop, _ received: [UInt8]) -> Bool {
        switch stop {
        case .close:
            return false
        case .text(let text):
            return String(decoding: received, as: UTF8.self).contains(text)
        case .completeAnswer:
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { return false }
            let head = text[..<end.lowerBound].lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            return text[end.upperBound...].utf8.count >= length
        }
    }
}
