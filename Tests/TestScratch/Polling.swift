// The one way a test waits for what another task, thread or process does
// (a server listening, a case on the board, a head stored, a file made).
//
// The probe is asked at once and then after every `poll`, a bounded number of
// times (`timeout / poll` more): the wait never reads the wall clock, so on a
// machine loaded by other work it lasts longer instead of failing sooner, and it
// always ends. Nothing is asserted about how long it took.

/// A wait that ran out: names what was awaited and how long the test gave it.
public struct PollTimeout: Error, CustomStringConvertible {
    /// What was awaited, and the bound.
    public let description: String
}

/// Returns the first value `probe` gives (not nil).
/// - Parameters:
///   - timeout: the bound: `timeout / poll` polls after the first probe (at least one).
///   - poll: the pause between two probes.
///   - what: what is awaited, for the failure message ("the collector listening").
///   - probe: nil while the thing has not happened; it may throw to end the wait at once.
/// - Throws: `PollTimeout` when no probe gave a value; whatever `probe` throws.
public func waitFor<T>(timeout: Duration = .seconds(30), poll: Duration = .milliseconds(50), _ what: String,
                       _ probe: () async throws -> T?) async throws -> T {
    let polls = max(1, Int((timeout / poll).rounded(.up)))
    for _ in 0..<polls {
        if let value = try await probe() { return value }
        try await Task.sleep(for: poll)
    }
    if let value = try await probe() { return value }
    throw PollTimeout(description: "\(what): not within \(timeout) (\(polls + 1) checks, \(poll) apart)")
}

/// Returns once `condition` holds; asked like `waitFor`'s probe.
/// - Throws: `PollTimeout` naming `what` when it never held; whatever `condition` throws.
public func waitUntil(timeout: Duration = .seconds(30), poll: Duration = .milliseconds(50), _ what: String,
                      _ condition: () async throws -> Bool) async throws {
    _ = try await waitFor(timeout: timeout, poll: poll, what) { try await condition() ? true : nil }
}
