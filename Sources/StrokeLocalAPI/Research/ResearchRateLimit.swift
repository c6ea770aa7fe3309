import Foundation

/// Failed logins per client: at most `maxFailures` in a window of `windowSeconds`
/// from the client's first failure; then 429 until the window has passed. A
/// successful login clears the client's count. For the one account across all
/// clients: after `globalMaxFailures` failures in a window every further attempt is
/// slowed, one at a time `accountStepSeconds` apart (`accountPause`), so many
/// addresses never add up to many guesses, and yet a stranger cannot lock the
/// researchers out (issue 46: the right password still logs in, after its wait).
/// Time comes from the caller (the injected clock), so tests never wait.
public struct ResearchRateLimit: Sendable {
    /// Failed attempts allowed per window: 5, as the reference function allows.
    public static let defaultMaxFailures = 5
    /// The window: 300 s, as the reference function's.
    public static let defaultWindowSeconds = 300.0
    /// Failed attempts allowed per window across every client together.
    public static let defaultGlobalMaxFailures = 30
    /// Seconds between two attempts on the account once it is being slowed.
    public static let accountStepSeconds = 2.0
    /// The longest an attempt waits; an attempt that would wait longer is refused (429) for now.
    public static let accountMaxPauseSeconds = 30.0
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
    /// When the next attempt on the account may be checked, while it is being slowed.
    private var accountNext: Date?

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
        return max(0, maxFailures - (clients[client]?.failures ?? 0))
    }

    /// How long an attempt at `now` waits before it is checked: none until the account has had
    /// `globalMaxFailures` failures in the window, then attempts are spaced `accountStepSeconds` apart;
    /// `nil` when the wait would exceed `accountMaxPauseSeconds` (refused for now, 429).
    public mutating func accountPause(now: Date) -> Double? {
        prune(now: now)
        guard (global?.failures ?? 0) >= globalMaxFailures else { accountNext = nil; return 0 }
        let start = max(now, accountNext ?? now)
        let wait = start.timeIntervalSince(now)
        guard wait <= Self.accountMaxPauseSeconds else { return nil }
        accountNext = start.addingTimeInterval(Self.accountStepSeconds)
        return wait
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
        return max(0, maxFailures - entry.failures)
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
