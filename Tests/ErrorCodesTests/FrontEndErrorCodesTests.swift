import ErrorCodeChecks
import StrokeModels
import Testing
import TriageBatch
import TriageEngine
import TriageFleet
import TriageLocalization

/// The error types of the engine, fleet and batch libraries (those the command line
/// shows): every code documented with its exit status, each sample list covering every
/// code, and the exit statuses and hints the command line printed before the one protocol.
@Suite("Error codes of the engine, fleet and batch")
struct FrontEndErrorCodesTests {
    func check<E: TriageError>(_ type: E.Type, _ samples: [E]) throws {
        let problems = try ErrorCodesTests.catalogue.get().problems(type, samples: samples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func engineError() throws {
        let samples: [EngineError] = [
            EngineError(.configUnreadable(file: "config.json"), cause: "syntax"),
            EngineError(.unknownGfapAssay(key: "gfapAssay", name: "x")), EngineError(.unknownScale(key: "scales", name: "x")),
            EngineError(.protocolUnreadable(file: "p.json")), EngineError(.protocolInvalid(file: "p.json", field: "lvo.fastEdFrom.value", detail: "allowed 1–9")),
        ]
        try check(EngineError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [78, 64, 64, 65, 65])
    }

    @Test func cloudSettingsAndLogin() throws {
        let samples = CloudSettingsError.Problem.allCases.map { CloudSettingsError(setting: "--api-base", problem: $0) }
        try check(CloudSettingsError.self, samples)
        #expect(samples.allSatisfy { $0.category == .usage })
        try check(ResearchAccessError.self, ResearchAccessError.allCases)
        #expect(ResearchAccessError.allCases.map(\.category.exitStatus) == [64, 1])
    }

    @Test func walkError() throws {
        let samples: [WalkError] = [.disclaimerNotAccepted, .reportNotWritten(path: "r.md", cause: "x")]
        try check(WalkError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [64, 1])
        #expect(WalkError.disclaimerNotAccepted.message.key == "walk.error.disclaimerNotAccepted")
    }

    @Test func batchError() throws {
        let samples: [BatchError] = [
            .cannotOpenInput("in.csv", errno: 2), .cannotCreateOutput("out.csv", errno: 13), .outputIsInput("in.csv"),
            .noHeader, .unknownColumn("age", allowed: ["gfap"]), .missingColumn("gfap"), .duplicateColumn("gfap"),
        ]
        try check(BatchError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [1, 1, 64, 65, 65, 65, 65])
        #expect(samples.map { $0.hint?.key } == [nil, nil, nil] + Array(repeating: "batch.hint.columns", count: 4))
    }

    @Test func pushError() throws {
        let samples = PushError.Kind.allCases.map { PushError($0) } + [
            PushError(.refused, reason: "chain.fork", status: 409), PushError(.refused, reason: "signature.invalid", status: 422),
            PushError(.refused, reason: "device.unknown", status: 403),
        ]
        try check(PushError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [64, 64, 64, 64, 64, 69, 1, 1, 1, 65, 65, 1])
        #expect(samples.suffix(3).map { $0.hint?.key } == ["push.hint.chain", "push.hint.key", "push.hint.unknown"])
        #expect(PushError(.unreachable).hint?.key == "push.hint.pending")
    }

    @Test func notifyError() throws {
        let samples: [NotifyError] = [
            .noRelay, .badRelay("ftp://x"), .noDevice, .badHospitalKey("h"), .noDestination, .keyMismatch("h"),
            .caseUnknown("c"), .hospitalUnknown("h"), .hospitalLocationUnknown("h"), .destinationNotRegistered("c"),
            .destinationAmbiguous("a, b"), .unreachable(cause: nil),
            .refused("case.conflict", status: 409), .queueUnavailable(cause: "x"), .keysUnavailable(cause: "x"),
            .notSealed(cause: "x"),
        ]
        try check(NotifyError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [64, 64, 64, 64, 64, 1, 65, 65, 65, 65, 65, 69, 1, 1, 1, 1])
        #expect(NotifyError.keyMismatch("h").code == "notify.keyMismatch")
        #expect(NotifyError.keyMismatch("h").message.key == "notify.error.keyMismatch")
    }
}
