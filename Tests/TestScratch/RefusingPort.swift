#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that refuses every connection, for the tests of an
/// unreachable collector, cloud or relay.
///
/// The port is bound and never listens, and it stays bound for the test
/// process's life. A port bound and then closed again could be handed to a
/// server that another test starts on a random port a moment later; a
/// "dead" URL would then reach that server, get an answer from it, and fail
/// the test in a way that never repeats (a status command printed nothing
/// because a stranger's server answered its question).
public enum RefusingPort {
    /// The port: the same one for the whole test process.
    public static let port: Int = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        precondition(fd >= 0, "socket() failed for the refusing port")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        precondition(bound, "bind() failed for the refusing port")
        // The descriptor is never closed: the port stays taken until the process ends.
        return Int(UInt16(bigEndian: address.sin_port))
    }()

    /// `http://127.0.0.1:<port>`: a base URL on which nothing answers.
    public static var url: String { "http://127.0.0.1:\(port)" }
}
