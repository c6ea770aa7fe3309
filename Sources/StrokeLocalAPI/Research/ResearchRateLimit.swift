import Foundation

/// Failed logins per client: at most `maxFailures` in a window of `windowSeconds`
/// from the client's first failure; then 429 until the window has passed. A
/// successful login clears the client's count. Time comes from the caller (the
/// injected clock), so tests never wait.
public struct ResearchRateLimit: Sendable {
    /// Failed attempts allowed per window: 5, as the reference function allows.
    public static let defaultMaxFailures = 5
    /// The window: 300 s, as the reference function's.
    public static let defaultWindowSeconds = 300.0
    /// The most clients remembered at once; beyond it, expired windows are dropped first.
    static let maxClients = 10_000

    /// Failures allowed per window.
    public let maxFailures: Int
    /// The window's length in seconds.
    public let windowSeconds: Double
    private var clients: [String: (failures: Int, since: Date)] = [:]

    /// A limit of `maxFailures` failures per `windowSeconds`.
    public init(maxFailures: Int = defaultMaxFailures, windowSeconds: Double = defaultWindowSeconds) {
        self.maxFailures = maxFailures
        self.windowSeconds = windowSeconds
    }

    /// Attempts `client` has left at `now` (0 means refused until the window passes).
    public mutating func remaining(_ client: String, now: Date) -> Int {
        prune(now: now)
        return maxFailures - (clients[client]?.failures ?? 0)
    }

    /// Counts a failed attempt; returns the attempts left.
    @discardableResult
    public mutating func fail(_ client: String, now: Date) -> Int {
        prune(now: now)
        var entry = clients[client] ?? (0, now)
        entry.failures += 1
        clients[client] = entry
        return max(0, maxFailures - entry.failures)
    }

    /// Clears the client's count after a successful login.
    public mutating func succeed(_ client: String) {
        clients[client] = nil
    }

    /// Drops windows that have passed (all of them when the table is full).
    private mutating func prune(now: Date) {
        guard !clients.isEmpty else { return }
        clients = clients.filter { now.timeIntervalSince($0.value.since) < windowSeconds }
        if clients.count > Self.maxClients { clients.removeAll() }
    }
}
