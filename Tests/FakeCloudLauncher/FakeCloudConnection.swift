import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One request as the fake cloud reads it.
struct FakeCloudRequest {
    let method: String
    let path: String
    /// The media type of `Content-Type`, without parameters.
    let contentType: String
    let body: [UInt8]
    /// Whether the client asked to close the connection after the answer.
    let closes: Bool
}

/// What the fake cloud does with a request.
enum FakeCloudAnswer {
    /// An HTTP answer with these bytes.
    case raw(status: Int, contentType: String?, body: [UInt8], extra: [String: String])
    /// Closes the connection without answering, with a TCP reset.
    case reset
    /// Promises 1000 bytes, sends fewer, and closes.
    case truncated
    /// Never answers (until the client leaves).
    case hang

    /// A JSON (or JSON-looking) body.
    static func json(_ status: Int, _ text: String, contentType: String = "application/json",
                     extra: [String: String] = [:]) -> FakeCloudAnswer {
        .raw(status: status, contentType: contentType, body: Array(text.utf8), extra: extra)
    }
}

/// A blocking HTTP/1.1 connection of the fake cloud (on its own thread).
final class FakeCloudConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// Reads the next request; nil when the client closed the connection or sent garbage.
    func readRequest() -> FakeCloudRequest? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            // Not a request line (a TLS handshake, say): answered 400 and closed, as Python's server does.
            if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                _ = write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return nil
            }
            headEnd = buffer.firstRange(of: separator)?.lowerBound
            if headEnd == nil, !fill() { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + separator.count)
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "") ?? 0
        while buffer.count < length {
            if !fill() { return nil }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        let type = (headers["content-type"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return FakeCloudRequest(method: String(requestLine[0]), path: String(requestLine[1]), contentType: type, body: body,
                                closes: headers["connection"]?.lowercased() == "close")
    }

    /// Sends `answer`. - Returns: whether the connection stays open for another request.
    func send(_ answer: FakeCloudAnswer, hang: () -> Void) -> Bool {
        switch answer {
        case .raw(let status, let contentType, let body, let extra):
            var head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "Content-Length: \(body.count)\r\n"
            for (name, value) in extra.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            return write(Array((head + "\r\n").utf8) + body)
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return false
        case .truncated:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            _ = write(Array((head + #"{"probability": 0.5"#).utf8))
            return false
        case .hang:
            hang()
            return false
        }
    }

    /// Reads and drops whatever arrives until the peer closes, the socket is shut down or `seconds` pass.
    func waitForClose(seconds: Int) {
        let end = Date(timeIntervalSinceNow: Double(seconds))
        while Date() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, end.timeIntervalSinceNow * 1000)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return }
            var scratch = [UInt8](repeating: 0, count: 4096)
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer += chunk[..<n]
            return true
        }
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
