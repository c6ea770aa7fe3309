/// The `HOST:PORT` a server listens on (`--listen`, `STROKE_*_LISTEN`, a config file's
/// `listen`): one parser for every server command. An IPv6 host is written in brackets
/// (`[::1]:8080`) and stored without them; the port is 0–65535 (0 picks a free port).
///
/// ```swift
/// ListenAddress("127.0.0.1:8080")      // host 127.0.0.1, port 8080
/// ListenAddress("[::1]:0")             // host ::1, port 0
/// ListenAddress("8080")                // nil: ListenAddress.problem("8080") says why
/// ```
public struct ListenAddress: Sendable, Hashable {
    /// The host or address, without brackets.
    public let host: String
    /// The port (0 picks a free one).
    public let port: Int

    /// An address from its parts.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `text`; nil when it is not `HOST:PORT` with a port in 0–65535.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex,
              let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = Substring(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        self.host = String(host)
        self.port = port
    }

    /// What every server says of a value that is not an address (its error type adds its code).
    public static func problem(_ text: String) -> String {
        "listen: expected HOST:PORT (port 0–65535), got \(text)"
    }
}
