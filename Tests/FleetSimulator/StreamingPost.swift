import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `POST` whose body is streamed from a plain socket, never held: for the
/// hostile 100 MB push. It sends zero bytes in 1 MiB pieces (chunked, or with
/// a declared `Content-Length`) and stops as soon as the collector answers or
/// closes, then reads the answer. Blocking calls, each bounded by a 60 s
/// socket timeout: run it off the cooperative pool (`send(…)` does).
public struct StreamingPost: Sendable {
    /// The answer: HTTP status, body text, and how many body bytes were sent before it came.
    public struct Answer: Sendable {
        /// The status code (0 when no status line came).
        public let status: Int
        /// The answer's body.
        public let body: String
        /// Body bytes written before the collector answered or closed.
        public let sentBytes: Int
    }

    /// The collector's port on 127.0.0.1.
    public let port: Int
    /// The request path.
    public let path: String
    /// Extra headers (the signature).
    public let headers: [(String, String)]
    /// The body's length in bytes.
    public let totalBytes: Int
    /// Declare `Content-Length` (else `Transfer-Encoding: chunked`).
    public let declareLength: Bool

    /// Describes the request.
    public init(port: Int, path: String, headers: [(String, String)], totalBytes: Int, declareLength: Bool) {
        self.port = port
        self.path = path
        self.headers = headers
        self.totalBytes = totalBytes
        self.declareLength = declareLength
    }

    /// Sends it on a thread of its own and returns the answer.
    public func send() async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.run() }) }.start()
        }
    }

    func run() throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FleetPushError(description: "socket() failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw FleetPushError(description: "connect() to port \(port) failed") }
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
        head += declareLength ? "Content-Length: \(totalBytes)\r\n" : "Transfer-Encoding: chunked\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard write(fd, Array(head.utf8)) else { throw FleetPushError(description: "the request head was not sent") }
        let piece = [UInt8](repeating: 0, count: 1 << 20)
        var sent = 0
        var finished = true
        while sent < totalBytes {
            if answerWaiting(fd) { finished = false; break }
            let size = min(piece.count, totalBytes - sent)
            let framed = declareLength ? Array(piece[0..<size])
                : Array(String(size, radix: 16).utf8) + [13, 10] + piece[0..<size] + [13, 10]
            guard write(fd, framed) else { finished = false; break }
            sent += size
        }
        if finished, !declareLength { _ = write(fd, Array("0\r\n\r\n".utf8)) }
        let text = readAnswer(fd)
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Answer(status: status, body: body, sentBytes: sent)
    }

    /// True when the collector has sent something (its answer) or closed.
    private func answerWaiting(_ fd: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// Writes all of `bytes`; false when the connection is gone.
    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads until the answer's body is complete (by its Content-Length), the connection ends, or 60 s pass.
    private func readAnswer(_ fd: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data += buffer[0..<count]
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n"),
               let line = text[..<end.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
               let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
               text.utf8.count - text[..<end.upperBound].utf8.count >= length {
                break
            }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
