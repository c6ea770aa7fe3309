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
        guard let port = LoopbackSocket.bind(fd) else { preconditionFailure("bind() failed for the refusing port") }
        // The descriptor is never closed: the port stays taken until the process ends.
        return port
    }()

    /// `http://127.0.0.1:<port>`: a base URL on which nothing answers.
    public static var url: String { "http://127.0.0.1:\(port)" }
}
