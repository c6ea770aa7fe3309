import AuditFormat
import Foundation
import HTTPTypes
import StrokeJSON
import StrokeModels

/// `POST /authenticate-research-access`, wire-compatible with the reference
/// function: `{"action":"login","password"}` (also the bare `{"password"}` the
/// reference web app sends) and `{"action":"validate_session","session_token"}`,
/// answered `{"success","session_token","expires_at","message",…}`.
///
/// Unlike the reference, the password is checked against a salted PBKDF2 hash
/// (`ResearchPassword`), tokens are signed and expire (`ResearchSessionToken`) and
/// `validate_session` really checks them, and only failed logins count towards the
/// per-client limit (`ResearchRateLimit`). Without a password file the route
/// answers 503 `api.researchAccessOff`. Every refusal carries `success: false`, the
/// reference's `message` and this project's dotted `code` (`LocalAPIError+Research`);
/// the password and the token are never logged or echoed.
public actor ResearchAccessService {
    private let password: ResearchPassword?
    private let tokens: ResearchSessionToken
    private var limit: ResearchRateLimit
    private let now: @Sendable () -> Date
    private let pause: @Sendable (Double) async -> Void

    /// The one thread that derives PBKDF2 keys: a login's seconds of hashing never hold a thread of the
    /// cooperative pool or an event loop, and at most one derivation runs at a time (issue 46).
    private static let hashing = DispatchQueue(label: "stroke-triage.research-pbkdf2")

    /// A service checking `password` (nil: research access is off), with injected clock, pause and limits.
    public init(password: ResearchPassword?, tokens: ResearchSessionToken = ResearchSessionToken(),
                limit: ResearchRateLimit = ResearchRateLimit(), now: @escaping @Sendable () -> Date = { WallClock.system.date },
                pause: @escaping @Sendable (Double) async -> Void = { seconds in try? await Task.sleep(for: .seconds(seconds)) }) {
        self.password = password
        self.tokens = tokens
        self.limit = limit
        self.now = now
        self.pause = pause
    }

    /// Research access switched off (no `--research-password-file`).
    public static let off = ResearchAccessService(password: nil)

    /// The answer to one request body from `client` (the peer address).
    public func answer(_ body: [UInt8], client: String) async -> (status: HTTPResponse.Status, body: WireValue) {
        guard let password else {
            return refusal(.researchAccessOff)
        }
        guard let root = try? JSONValue(parsing: body), let request = root.dictionary else {
            return refusal(.notAnObject)
        }
        // A repeated member is refused, never "last wins" (a wrong, then a right password: issue 34).
        if let name = root.firstDuplicateMember { return refusal(.duplicateField(name)) }
        let action = request["action"]?.stringValue
        // An explicit login, or a body with a password and no action (the reference web app's).
        let isLogin = action == "login" || (action == nil && request["password"] != nil)
        switch isLogin ? "login" : action {
        case "login":
            return await login(request["password"]?.stringValue ?? "", password: password, client: client)
        case "validate_session":
            guard let token = request["session_token"]?.stringValue, !token.isEmpty else {
                return refusal(.missingField("session_token"))
            }
            guard let expiresAt = tokens.validate(token, now: now()) else {
                return refusal(.sessionInvalid)
            }
            return (.ok, .object([("success", .bool(true)), ("message", .string("Session valid")),
                                  ("session_token", .string(token)), ("expires_at", .string(Self.timestamp(expiresAt)))]))
        default:
            return refusal(.invalidAction)
        }
    }

    private func login(_ candidate: String, password: ResearchPassword, client: String) async -> (status: HTTPResponse.Status, body: WireValue) {
        let at = now()
        let left = limit.remaining(client, now: at)
        guard left > 0 else {
            return refusal(.rateLimited, remaining: 0)
        }
        guard !candidate.isEmpty else {
            return refusal(.missingField("password"), remaining: left)
        }
        // The account is being slowed (many failures from many addresses): wait for this attempt's turn.
        guard let wait = limit.accountPause(now: at) else { return refusal(.rateLimited, remaining: left) }
        if wait > 0 { await pause(wait) }
        // A control character (a NUL above all) is never part of a password: refused as a failure.
        let control = candidate.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard !control, await Self.verify(candidate, against: password) else {
            let remaining = limit.fail(client, now: now())
            return refusal(.invalidCredentials, remaining: remaining)
        }
        limit.succeed(client)
        let session = tokens.issue(now: at)
        return (.ok, .object([
            ("success", .bool(true)), ("session_token", .string(session.token)), ("expires_at", .string(Self.timestamp(session.expiresAt))),
            ("message", .string("Authentication successful")), ("session_duration", .integer(tokens.lifetimeSeconds)),
            ("rate_limit_remaining", .integer(limit.maxFailures)),
        ]))
    }

    /// `password.matches(candidate)` on the hashing thread.
    private static func verify(_ candidate: String, against password: ResearchPassword) async -> Bool {
        await withCheckedContinuation { continuation in
            hashing.async { continuation.resume(returning: password.matches(candidate)) }
        }
    }

    private func refusal(_ error: LocalAPIError, remaining: Int? = nil) -> (status: HTTPResponse.Status, body: WireValue) {
        (error.status, error.researchBody(remaining: remaining))
    }

    /// ISO 8601 in UTC to the second, e.g. `2026-11-26T14:00:00Z` (the reference adds microseconds).
    static func timestamp(_ date: Date) -> String { UTCTime.isoSeconds(date) }
}
