import CLITestSupport
import HTTPTransfer
import StrokeCloud
import TriageEngine

/// A cloud clock that never moves: a deadline never passes and a retry's wait ends at once, so a
/// command's cloud calls end by their own answers or libcurl's timeouts (real time, on their own
/// threads), never by a deadline that a busy machine's scheduling moved before the first attempt.
/// The tests about the deadline itself use the system clock or a `SteppedCloudClock`.
struct StillCloudClock: TransferClock {
    /// The instant the clock was made, for ever.
    let now = ContinuousClock.now

    /// Returns at once.
    func sleep(until deadline: ContinuousClock.Instant) async throws {}
}

extension InProcessCLI {
    /// `run` with `clock` as the command's cloud clock (`CloudSettings.clock`, task-local): a still one by default.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    clock: any TransferClock) async -> BinaryRunner.Result {
        await CloudSettings.$clock.withValue(clock) { await run(arguments, stdin: stdin, environment: environment) }
    }

    /// `run` on a still cloud clock (`StillCloudClock`).
    static func runOnStillClock(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async -> BinaryRunner.Result {
        await run(arguments, stdin: stdin, environment: environment, clock: StillCloudClock())
    }
}
