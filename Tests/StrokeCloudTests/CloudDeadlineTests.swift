import Testing
import StrokeCloud
import StrokeModels

/// The deadline holds to within 100 ms. These measure wall time, so
/// `Scripts/test` runs the StrokeCloudTests target on its own after the rest
/// (other suites block the cooperative pool with child processes and would
/// measure the machine's load instead of the client), and this suite serially.
@Suite(.serialized) struct CloudDeadlineTests {
    @Test func aSilentCloudFallsBackWithinTheDeadline() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("hang").url, deadline: 0.5), fallback: true)
            var assessment: Assessment?
            let elapsed = await CloudTestSupport.elapsed { assessment = try? await service.assess(CloudTestSupport.full) }
            let a = try #require(assessment)
            #expect(a.ich.source == .baseline && a.ich.fallbackReason?.key == "cloud.error.deadline")
            #expect(a.lvo?.source == .local && a.lvo?.fallbackReason?.key == "cloud.error.deadline")
            #expect(CloudTestSupport.endsAtDeadline(elapsed, 0.5), "elapsed \(elapsed) s")
        }
    }

    @Test func deadlineHoldsWithin100msMeasuredAroundTheCallAlone() async throws {
        try await FakeCloudServer.with { server in
            let client = CloudTestSupport.client(server.base("hang").url, deadline: 0.4)
            var code = ""
            let elapsed = await CloudTestSupport.elapsed {
                do { _ = try await client.call(.comaICH, body: "{}", deadline: client.deadlineFromNow()) } catch let error as CloudError { code = error.code } catch { code = "other" }
            }
            #expect(code == "cloud.deadline")
            #expect(CloudTestSupport.endsAtDeadline(elapsed, 0.4), "elapsed \(elapsed) s")
        }
    }
}
