import Crypto
import Foundation
import StrokeJSON

/// Signed, expiring research-access session tokens.
///
/// A token is `v1.<expiry>.<nonce>.<mac>`: the expiry in Unix seconds (decimal),
/// 16 random bytes (hex), and HMAC-SHA256 over `v1.<expiry>.<nonce>` under the
/// server's key (hex). `validate` recomputes the MAC (compared in constant time by
/// `HMAC.isValidAuthenticationCode`) and refuses an expired token, so only tokens
/// this server issued, within their lifetime, pass. The key lives in memory for
/// the process: a restart ends every session (the user logs in again).
public struct ResearchSessionToken: Sendable {
    /// How long a session lasts: 4 hours, as the reference function's sessions.
    public static let defaultLifetimeSeconds = 4 * 60 * 60

    private let key: SymmetricKey
    /// Seconds from issue to expiry.
    public let lifetimeSeconds: Int

    /// A signer with `key` (default: a new random 256-bit key for this process).
    public init(key: SymmetricKey = SymmetricKey(size: .bits256), lifetimeSeconds: Int = defaultLifetimeSeconds) {
        self.key = key
        self.lifetimeSeconds = lifetimeSeconds
    }

    /// A new token issued at `now`, and its expiry.
    public func issue(now: Date) -> (token: String, expiresAt: Date) {
        let expiry = Int(now.timeIntervalSince1970.rounded(.down)) + lifetimeSeconds
        let nonce = SymmetricKey(size: .bits128).withUnsafeBytes { Hex.encode($0) }
        let payload = "v1.\(expiry).\(nonce)"
        let mac = HMAC<SHA256>.authenticationCode(for: Array(payload.utf8), using: key)
        return (payload + "." + Hex.encode(mac), Date(timeIntervalSince1970: TimeInterval(expiry)))
    }

    /// The expiry of a token this signer issued that has not expired at `now`; nil for
    /// any other string (forged, altered, malformed or expired).
    public func validate(_ token: String, now: Date) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1", parts[1].count <= 12, let expiry = Int(parts[1]), expiry > 0,
              parts[2].count == 32, let mac = Hex.decode(parts[3], lowercaseOnly: true), mac.count == 32 else { return nil }
        let payload = parts[0...2].joined(separator: ".")
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Array(payload.utf8), using: key) else { return nil }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(expiry))
        return expiresAt > now ? expiresAt : nil
    }
}
