import Testing
import StrokeCloud
import StrokeModels
import TestScratch

/// The cloud and auto prediction services against the real local server.
@Suite struct CloudPredictionServiceTests {
    @Test func fullModuleUsesTheCloudAndItsLVOMatchesTheLocalModelExactly() async throws {
        try await FakeCloudServer.with { server in
            let (url, run) = server.base("html")
            let service = CloudPredictionService(client: CloudTestSupport.client(url), fallback: false)
            let inputs = CloudTestSupport.full
            let a = try await service.assess(inputs)
            #expect(a.ich.source == .cloud && a.ich.model == "predict_full_stroke" && a.ich.probability == 0.31)
            #expect(a.ich.fallbackReason == nil)
            let lvo = try #require(a.lvo)
            #expect(lvo.source == .cloud)
            #expect(lvo.model == "predict_lvo (Production LVO Model v1.0)")
            #expect(lvo.probability == (try LVOModel.predict(gfap: inputs.gfap!, fastEd: Double(inputs.fastEd!))).probability)
            #expect(!a.warnings.contains { $0.code == "cloud.drift" })
            #expect(a.volume?.volumeMl == (try VolumeModel.estimate(gfap: inputs.gfap!)).volumeMl)
            let counts = try server.counts(run)
            #expect(counts["predict_full_stroke"] == 1 && counts["predict_lvo"] == 1)
        }
    }

    @Test func driftBetweenCloudAndLocalLVOIsWarned() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("drift").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.full)
            #expect(a.lvo?.source == .cloud)
            #expect(a.warnings.contains { $0.code == "cloud.drift" && $0.message.key == "warning.cloud.drift" })
        }
    }

    @Test func lvoComesFromFullStrokeWhenPredictLVOFails() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("status-400@predict_lvo").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.full)
            let lvo = try #require(a.lvo)
            #expect(lvo.source == .cloud && lvo.model == "predict_full_stroke lvo_prediction")
            #expect(lvo.fallbackReason == nil)
            #expect(lvo.notes.contains { $0.code == "cloud.lvoFromFullStroke" })
            #expect(lvo.drivers.contains { $0.feature == "gfap_value" && $0.weight < 0 })
            #expect(a.ich.source == .cloud)
        }
    }

    @Test func autoModeFallsBackPerPredictionWithItsReason() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("status-500@predict_full_stroke").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.full)
            #expect(a.ich.source == .baseline)
            #expect(a.ich.fallbackReason == Message("cloud.error.status", [.number(500, maxFractionDigits: 0), .text("injected 500")]))
            #expect(a.lvo?.source == .cloud)
            #expect(a.lvo?.fallbackReason == nil)
        }
    }

    @Test func autoModeFallsBackToTheLocalLVOWhenEveryCloudSourceFails() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("status-503").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.full)
            #expect(a.ich.source == .baseline)
            #expect(a.lvo?.source == .local)
            #expect(a.lvo?.fallbackReason?.key == "cloud.error.status")
            #expect(a.lvo?.probability == (try OfflinePredictionService.lvo(CloudTestSupport.full))?.probability)
        }
    }

    @Test func cloudModePropagatesTheError() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("status-500").url), fallback: false)
            await #expect { _ = try await service.assess(CloudTestSupport.limited) } throws: {
                ($0 as? CloudError)?.httpStatus == 500 && ($0 as? CloudError)?.isUnavailable == true
            }
        }
    }

    @Test func limitedAndComaModulesUseTheirFunctions() async throws {
        try await FakeCloudServer.with { server in
            let (url, run) = server.base("ok")
            let service = CloudPredictionService(client: CloudTestSupport.client(url), fallback: true)
            let limited = try await service.assess(CloudTestSupport.limited)
            #expect(limited.ich.source == .cloud && limited.ich.model == "predict_limited_data_ich" && limited.ich.probability == 0.42)
            #expect(limited.lvo == nil)
            let coma = try await service.assess(CloudTestSupport.coma)
            #expect(coma.ich.source == .cloud && coma.ich.model == "predict_coma_ich")
            let counts = try server.counts(run)
            // predict_coma_ich is asked twice with the same request (PlaceholderRule).
            #expect(counts["predict_limited_data_ich"] == 1 && counts["predict_coma_ich"] == 2 && counts["total"] == 3)
        }
    }

    @Test func theComaPlaceholderWithNoiseIsNeverPresentedAsAModel() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("stepped").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.coma)
            #expect(a.ich.source == .baseline)
            #expect(a.ich.fallbackReason?.key == "cloud.error.notAModel")
        }
    }

    @Test func unreachableCloudFallsBackWithTheDNSReason() async throws {
        let service = CloudPredictionService(client: CloudTestSupport.client("http://stroke-triage-test.invalid"), fallback: true)
        let a = try await service.assess(CloudTestSupport.coma)
        #expect(a.ich.source == .baseline)
        #expect(a.ich.fallbackReason == Message("cloud.error.dns"))
    }

    @Test func invalidInputsAreRejectedBeforeAnyCall() async {
        let service = CloudPredictionService(client: CloudTestSupport.client(RefusingPort.url), fallback: true)
        await #expect(throws: ModelsError.self) { _ = try await service.assess(TriageInputs(module: .coma, gfap: -1)) }
    }

    @Test func theFullModulesTwoCallsRunConcurrently() async throws {
        // Each scripted answer waits until both calls have started: one after the other, neither would answer.
        let clock = TestCloudClock()
        let script = ScriptedTransfer(clock: clock, replies: [.statusOnceStarted(400, attempts: 2)])
        let service = CloudPredictionService(client: script.client(deadline: 1, attemptTimeout: 1), fallback: true)
        let a = try await service.assess(CloudTestSupport.full)
        #expect(a.ich.fallbackReason?.key == "cloud.error.statusBare")
        #expect(a.lvo?.fallbackReason?.key == "cloud.error.statusBare")
        #expect(script.attempts.count == 2)
    }
}
