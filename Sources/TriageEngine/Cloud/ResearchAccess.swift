import AuditFormat
import Foundation
import StrokeCloud
import StrokeJSON
import StrokeModels
import TriageLocalization

/// Research access to the Cloud Functions: log in (the session is stored in a
/// 0600 file, never shown), the session's state, log out. Logins and logouts
/// are recorded in the audit trail.
public enum ResearchAccess {
    /// Whether a session is stored and until when (never the token).
    public struct Status: Sendable, Hashable {
        /// A stored session that has not expired.
        public let loggedIn: Bool
        /// The stored session's expiry as the server sent it, if there is a session.
        public let expiresAt: String?
        /// A session is stored but has expired (or its expiry does not parse).
        public let expired: Bool

        /// A status of these parts.
        public init(loggedIn: Bool, expiresAt: String?, expired: Bool) {
            self.loggedIn = loggedIn
            self.expiresAt = expiresAt
            self.expired = expired
        }

        /// The `status` line: logged in or expired with the expiry, or logged out.
        public func text(_ l: Localizer) -> String {
            guard let expiresAt else { return l.text("cloud.status.loggedOut") }
            return l.text(loggedIn ? "cloud.status.loggedIn" : "cloud.status.expired", [.text(expiresAt)])
        }

        /// The `status --json` object: `{"loggedIn", "expiresAt", "expired"}`.
        public var json: JSONValue {
            .object([("loggedIn", .bool(loggedIn)), ("expiresAt", expiresAt.map { .string($0) } ?? .null), ("expired", .bool(expired))])
        }
    }

    /// The stored session's state at `now`.
    public static func status(_ store: SessionStore = SessionStore(), now: Date = WallClock.system.date) -> Status {
        let session = store.load()
        let active = session.flatMap(SessionStore.expiry).map { $0 > now } ?? false
        return Status(loggedIn: active, expiresAt: session?.expiresAt, expired: session != nil && !active)
    }

    /// What a research-access server says of the stored session (`status --api-base`).
    public enum ServerCheck: Sendable {
        /// The server accepts the session.
        case accepted
        /// The server refuses it (expired there, altered, or issued by another server process).
        case refused
        /// The server could not be asked.
        case unavailable(CloudError)

        /// The `status` line for the server at `url`.
        public func text(url: String, _ l: Localizer) -> String {
            switch self {
            case .accepted: l.text("cloud.status.serverAccepts", [.text(url)])
            case .refused: l.text("cloud.status.serverRefuses", [.text(url)])
            case .unavailable(let error): l.text("cloud.status.serverUnavailable", [.text(url), .message(error.message)])
            }
        }

        /// `status --json`'s `server` object: `{"url", "accepted": true | false | null}`.
        public func json(url: String) -> JSONValue {
            let accepted: JSONValue = switch self {
            case .accepted: .bool(true)
            case .refused: .bool(false)
            case .unavailable: .null
            }
            return .object([("url", .string(url)), ("accepted", accepted)])
        }
    }

    /// Asks the server behind `client` whether it still accepts the stored session (nil when none is stored).
    public static func check(client: CloudClient, store: SessionStore = SessionStore()) async -> ServerCheck? {
        guard let session = store.load() else { return nil }
        do throws(CloudError) {
            return try await client.validate(token: session.token) ? .accepted : .refused
        } catch {
            return .unavailable(error)
        }
    }

    /// Logs in, stores the session (0600) and records `logged_in`; returns the session and the
    /// audit warning when the login could not be recorded.
    /// - Throws: `ResearchAccessError.loginRefused` for a wrong password (HTTP 401), else the client's `CloudError`,
    ///   or the store's write error.
    public static func login(client: CloudClient, password: String, store: SessionStore = SessionStore(),
                             trail: AuditTrail) async throws -> (session: ResearchSession, notRecorded: Message?) {
        let session: ResearchSession
        do throws(CloudError) {
            session = try await client.login(password: password)
        } catch {
            if error.httpStatus == 401 { throw ResearchAccessError.loginRefused }
            throw error
        }
        try store.save(session)
        return (session, await trail.loggedIn())
    }

    /// The `login --json` object: `{"loggedIn": true, "expiresAt"}`.
    public static func loginJSON(_ session: ResearchSession) -> JSONValue {
        .object([("loggedIn", .bool(true)), ("expiresAt", .string(session.expiresAt))])
    }

    /// Removes the stored session; records `logged_out` when there was one.
    /// Returns whether there was one and the audit warning when it could not be recorded.
    public static func logout(store: SessionStore = SessionStore(), trail: @autoclosure () -> AuditTrail) async -> (removed: Bool, notRecorded: Message?) {
        let removed = store.remove()
        return (removed, removed ? await trail().loggedOut() : nil)
    }

    /// The `login` line: logged in until the session's expiry.
    public static func loginText(_ session: ResearchSession, _ l: Localizer) -> String {
        l.text("cloud.login.done", [.text(session.expiresAt)])
    }

    /// The `logout` line: the session was removed, or there was none.
    public static func logoutText(removed: Bool, _ l: Localizer) -> String {
        l.text(removed ? "cloud.logout.done" : "cloud.logout.none")
    }

    /// The `logout --json` object: `{"loggedIn": false, "removed"}`.
    public static func logoutJSON(removed: Bool) -> JSONValue {
        .object([("loggedIn", .bool(false)), ("removed", .bool(removed))])
    }
}
