import Foundation

/// Failed logins per client: at most `maxFailures` in a window of `windowSeconds`
/// from the client's first failure; then 429 until the window has passed. A
/// successful login clears the client's count. Across all clients at most
/// `globalMaxFailures` per window (many addresses never add up to many guesses). Time comes from the caller (the
/// injected clock), so tests never wait.
public struct ResearchRateLimit: Sendable {
    /// Failed attempts allowed per window: 5, as the reference function allows.
    public static let defaultMaxFailures = 5
    /// The window: 300 s, as the reference function's.
    public static let defaultWindowSeconds = 300.0
    /// Failed attempts allowed per window across every client together.
    public static let defaultGlobalMaxFailures = 30
    /// The most clients remembered at once; beyond it, expired windows are dropped first.
    static let maxClients = 10_000

    /// Failures allowed per window.
    public let maxFailures: Int
    /// The window's length in seconds.
    public let windowSeconds: Double
    /// Failures allowed per window across all clients.
    public let globalMaxFailures: Int
    private var clients: [String: (failures: Int, since: Date)] = [:]
    private var global: (failures: Int, since: Date)?

    /// A limit of `maxFailures` failures per client and `globalMaxFailures` in all per `windowSeconds`.
    public init(maxFailures: Int = defaultMaxFailures, windowSeconds: Double = defaultWindowSeconds,
                globalMaxFailures: Int = defaultGlobalMaxFailures) {
        self.maxFailures = maxFailures
        self.windowSeconds = windowSeconds
        self.globalMaxFailures = globalMaxFailures
    }

    /// Attempts `client` has left at `now` (0 means refused until the window passes).
    public mutating func remaining(_ client: String, now: Date) -> Int {
        prune(now: now)
        return max(0, min(maxFailures - (clients[client]?.failures ?? 0), globalMaxFailures - (global?.failures ?? 0)))
    }

    /// Counts a failed attempt; returns the attempts left.
    @discardableResult
    public mutating func fail(_ client: String, now: Date) -> Int {
        prune(now: now)
        var entry = clients[client] ?? (0, now)
        entry.failures += 1
        clients[client] = entry
        var all = global ?? (0, now)
        all.failures += 1
        global = all
        return max(0, min(maxFailures - entry.failures, globalMaxFailures - all.failures))
    }

    /// Clears the client's count after a successful login.
    public mutating func succeed(_ client: String) {
        clients[client] = nil
    }

    /// Drops windows that have passed (all of them when the table is full).
    private mutating func prune(now: Date) {
        if let since = global?.since, now.timeIntervalSince(since) >= windowSeconds { global = nil }
        guard !clients.isEmpty else { return }
        clients = clients.filter { now.timeIntervalSince($0.value.since) < windowSeconds }
        if clients.count > Self.maxClients { clients.removeAll() }
    }
}
