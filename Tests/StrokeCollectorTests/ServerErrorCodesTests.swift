import ErrorCodeChecks
import HTTPServerKit
import PostgresServerKit
import StrokeBoard
import StrokeCollector
import StrokeModels
import StrokeRelay
import Testing

/// The server modules' error types against the one error protocol and docs/errors.md
/// (no database: these are values). Each sample list covers every code of its type.
@Suite("Server error codes")
struct ServerErrorCodesTests {
    func check<E: TriageError>(_ type: E.Type, _ samples: [E]) throws {
        let problems = try ErrorCodeCatalogue.load().problems(type, samples: samples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func collectorError() throws {
        let samples: [CollectorError] = [
            .configurationInvalid("listen"), .databaseURLInvalid("url"), .databaseUnavailable("down"), .schemaTooNew(9),
            .deviceExists("AMB-1"), .deviceUnknown("AMB-1"), .publicKeyInvalid, .publicKeyInUse("AMB-2"), .deviceNameInvalid("?"),
            .stationDatabaseFailed("initdb"), .dataDirectoryIsLink("/var/lib/stroke-triage/station"),
            .dataDirectoryOwner("/var/lib/stroke-triage/station", owner: 1000), .dataDirectoryInUse("/x/station.lock", process: 4242),
            .dataDirectoryTooLong("/x/" + String(repeating: "d", count: 95), length: 112, limit: 107),
            .stationAccountMissing("useradd failed"), .stationDatabaseLost(attempts: 5, reason: "pg_ctl start failed"),
            .stationAccountSwitchFailed("setuid(998) for stroke-triage: errno 1"), .dataDirectoryNotReachable("/root"),
        ]
        try check(CollectorError.self, samples)
        #expect(samples.map(\.category.exitStatus) == [64, 64, 69, 1, 65, 65, 65, 65, 65, 69, 73, 73, 69, 64, 69, 69, 69, 73])
        // The length and the limit are in the sentence itself.
        #expect(samples[13].englishMessage.contains("112 bytes, at most 107"))
        // A 69's detail is printed only with --verbose: the other station's process is in the sentence itself.
        #expect(CollectorError.dataDirectoryInUse("/x/station.lock", process: 4242).englishMessage.contains("process 4242"))
        #expect(CollectorError.deviceUnknown("AMB-1").message.untranslatedText == "No registered device has this name")
    }

    @Test func relayError() throws {
        let samples: [RelayError] = [
            .configurationInvalid("x"), .databaseUnavailable("x"), .schemaTooNew(3), .hospitalExists("H"), .hospitalUnknown("H"),
            .hospitalIdInvalid("?"), .publicKeyInvalid, .centerUnknown("x"),
        ]
        try check(RelayError.self, samples)
        #expect(samples.map(\.exitCode) == [64, 69, 1, 65, 65, 65, 65, 65])
    }

    @Test func boardError() throws {
        let samples: [BoardError] = [
            .configurationInvalid("x"), .keyFileUnreadable("k"), .keyFileExists("k"), .keyFileNotWritten("k"),
            .relayUnavailable("x"), .relayRefused("401"),
        ]
        try check(BoardError.self, samples)
        #expect(samples.map(\.exitCode) == [64, 65, 73, 73, 69, 1])
    }

    @Test func serverTLSError() throws {
        let samples: [ServerTLSError] = [
            .optionMissing("--tls-key"), .certificateUnreadable("c"), .certificateInvalid("c"), .keyUnreadable("k"), .keyUnsafe("k"),
            .keyInvalid("k"), .keyTooWeak("k"), .nameInvalid("n"), .alreadyInitialized("p"), .generationFailed("g"),
        ]
        try check(ServerTLSError.self, samples)
        #expect(samples.map(\.exitCode) == [64, 65, 65, 65, 65, 65, 65, 65, 65, 1])
    }
}
