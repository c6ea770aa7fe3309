import Foundation

/// The board's defence against DNS rebinding: a request is answered only when
/// the authority it names (its `Host`, or the authority of an absolute-form
/// request target, which `BoardServer` moves into `Host`) is exactly this
/// machine or a name the operator listed.
///
/// An authority is `host[:port]` and nothing else: no user information
/// (`127.0.0.1@evil.example`), no path (`127.0.0.1/evil.example`), no
/// spaces, at most one port (decimal, at most 65535). The host, compared exactly and
/// without regard to ASCII case, must be
/// - `localhost`,
/// - an IPv4 loopback literal in dotted-quad form (`127.0.0.0/8`: four decimal
///   parts 0–255 without leading zeros, the first 127), so `127.evil.example`
///   and `127.0.0.1.evil.example` are foreign,
/// - `[::1]` (bracketed, any spelling of the IPv6 loopback address), or
/// - one of `allowedHosts` (`board serve --allowed-host NAME`, repeatable).
///
/// ```swift
/// let check = BoardHostCheck(allowedHosts: ["board.stroke.local"])
/// check.allows(authority: "127.0.0.1:8445")          // true
/// check.allows(authority: "127.0.0.1.evil.example")  // false
/// ```
public struct BoardHostCheck: Sendable, Hashable {
    /// The operator's extra names, lower-cased.
    public let allowedHosts: Set<String>

    /// A check that accepts the loopback names and `allowedHosts` (compared without ASCII case).
    public init(allowedHosts: [String] = []) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    /// True when `authority` names this machine or an allowed host (nil, empty or malformed: false).
    public func allows(authority: String?) -> Bool {
        guard let authority, let host = Self.host(ofAuthority: authority) else { return false }
        if host.hasPrefix("[") { return Self.isIPv6Loopback(String(host.dropFirst().dropLast())) }
        let name = host.lowercased()
        return name == "localhost" || Self.isIPv4Loopback(name) || allowedHosts.contains(name)
    }

    /// The host part of an authority `host[:port]` (an IPv6 literal with its brackets), or nil when the
    /// authority is anything else: user information, a path, a query, spaces or control characters,
    /// an empty host, more than one colon outside brackets, or a port that is not 1–5 digits up to 65535.
    public static func host(ofAuthority authority: String) -> String? {
        let bytes = Array(authority.utf8)
        // Only the characters a host and port can hold (RFC 3986 reg-name without escapes, IP literals, port).
        let allowed: (UInt8) -> Bool = { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 45 || b == 46 || b == 95
                || b == 58 || b == 91 || b == 93
        }
        guard !bytes.isEmpty, bytes.allSatisfy(allowed) else { return nil }
        let host: ArraySlice<UInt8>
        let rest: ArraySlice<UInt8>
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = bytes[0...close]
            rest = bytes[(close + 1)...]
            guard !host.dropFirst().dropLast().contains(UInt8(ascii: "[")) else { return nil }
        } else {
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            host = bytes[..<colon]
            rest = bytes[colon...]
            guard !host.contains(UInt8(ascii: "]")) else { return nil }
        }
        guard host.count > (host.first == UInt8(ascii: "[") ? 2 : 0) else { return nil }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == UInt8(ascii: ":"), (1...5).contains(port.count), port.allSatisfy({ (48...57).contains($0) }),
                  let number = Int(String(decoding: port, as: UTF8.self)), number <= 65_535 else {
                return nil
            }
        }
        return String(decoding: host, as: UTF8.self)
    }

    /// True for an IPv4 loopback literal: exactly four decimal parts 0–255 (no leading zeros), the first 127.
    public static func isIPv4Loopback(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        let values = parts.map { part -> Int? in
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ (48...57).contains($0) }),
                  part.count == 1 || part.first != "0", let value = Int(part), value <= 255 else { return nil }
            return value
        }
        return values.allSatisfy { $0 != nil } && values[0] == 127
    }

    /// True for any spelling of the IPv6 loopback address `::1` (without brackets).
    public static func isIPv6Loopback(_ text: String) -> Bool {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { Array($0) } == [UInt8](repeating: 0, count: 15) + [1]
    }
}
