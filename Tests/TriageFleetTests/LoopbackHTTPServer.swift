#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestScratch

/// A minimal HTTP/1.1 server on 127.0.0.1 (a port the system chooses) that answers on a
/// thread of its own, never on Swift's cooperative thread pool: other suites that block
/// that pool while they wait for child processes cannot delay its answers past the
/// client's timeouts. One request per connection (`Connection: close`); tests only.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// One request as received.
    struct Request: Sendable {
        let method: String
        let path: String
        let headers: [String: String]
        let body: Data
    }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> (Int, String)
    private let finished = DispatchSemaphore(value: 0)

    /// Listens now and answers every request with `handler`'s status and JSON body.
    init(handler: @escaping @Sendable (Request) -> (Int, String)) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        guard let bound = LoopbackSocket.bind(fd, listening: true) else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = bound
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-http"
        thread.start()
    }

    /// The base URL (`http://127.0.0.1:PORT`).
    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops listening and waits for the accept loop to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            serve(connection)
            close(connection)
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        var request: Request?
        while request == nil {
            let n = recv(connection, &buffer, buffer.count, 0)
            if n <= 0 { return }
            data.append(contentsOf: buffer[0..<n])
            guard let end = data.range(of: separator) else { continue }
            let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = head[0].split(separator: " ")
            guard parts.count >= 2 else { return }
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            let body = data[end.upperBound...]
            guard body.count >= length else { continue }
            request = Request(method: String(parts[0]), path: String(parts[1]), headers: headers, body: Data(body.prefix(length)))
        }
        guard let request else { return }
        let (status, text) = handler(request)
        let payload = Data(text.utf8)
        var response = Data("HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n\r\n".utf8)
        response.append(payload)
        response.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
