#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Binding a TCP socket to 127.0.0.1: the one place the tests spell out a
/// `sockaddr_in` for the loopback address.
public enum LoopbackSocket {
    /// Binds `fd` to 127.0.0.1:`port` (0: a port the kernel chooses) and, with
    /// `listening`, listens (backlog 64).
    /// - Returns: the bound port, or `nil` when the bind or the listen failed.
    public static func bind(_ fd: Int32, port: Int = 0, listening: Bool = false) -> Int? {
        var address = address(port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(fd, pointer, length) == 0 && (!listening || listen(fd, 64) == 0) && getsockname(fd, pointer, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// Connects `fd` to 127.0.0.1:`port`; true when connected.
    public static func connect(_ fd: Int32, port: Int) -> Bool {
        var address = address(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// 127.0.0.1:`port` as a socket address.
    private static func address(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
