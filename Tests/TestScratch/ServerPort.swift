import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 for a server that a test starts as a process and names
/// its port up front (`--listen 127.0.0.1:PORT`).
///
/// The port lies below the kernel's ephemeral range: the kernel hands out
/// ports from that range to every socket bound to port 0 and to every outgoing
/// connection, so a port taken from it and released could be given to a
/// client or another server before the process binds it — seconds or minutes
/// later, when the docs test reaches its station. Below the range only an
/// explicit choice takes a port, and this process never chooses one twice.
public enum ServerPort {
    /// A port that is free now and was never handed out before in this test process.
    /// - Throws: `Unavailable` when 256 tries found none.
    public static func next() throws -> Int {
        let range = candidates
        for _ in 0..<256 {
            let port = Int.random(in: range)
            guard claim(port) else { continue }
            if isFree(port) { return port }
        }
        throw Unavailable(description: "no free port in \(range) after 256 tries")
    }

    /// No port could be found.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// 10000 up to the ephemeral range's first port (from /proc; 32768 when unreadable).
    static let candidates: ClosedRange<Int> = {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let low = text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32768
        return 10000...max(low - 1, 12000)
    }()

    /// True when a socket can bind `port` on 127.0.0.1 now.
    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return LoopbackSocket.bind(fd, port: port) != nil
    }

    /// True the first time `port` is claimed in this process.
    static func claim(_ port: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return claimed.insert(port).inserted
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var claimed: Set<Int> = []
}
