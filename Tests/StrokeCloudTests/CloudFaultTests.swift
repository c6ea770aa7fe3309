import HTTPTransfer
import StrokeCloud
import StrokeModels
import TestScratch
import Testing

/// Every injected fault against the real local server: the error case and the attempt count.
@Suite struct CloudFaultTests {
    /// Calls predict_lvo through `fault` and returns the error code (or "ok") and the server's count.
    func outcome(_ fault: String, deadline: Double = 3, maxResponseBytes: Int = 65_536) async throws -> (code: String, attempts: Int, error: CloudError?) {
        try await FakeCloudServer.with { server in
            let (url, run) = server.base(fault)
            let client = CloudTestSupport.client(url, deadline: deadline, maxResponseBytes: maxResponseBytes)
            do {
                _ = try await client.call(.lvo, body: CloudRequest.lvo(CloudTestSupport.full), deadline: client.deadlineFromNow())
                return ("ok", try server.counts(run)["total"] ?? 0, nil)
            } catch let error as CloudError {
                return (error.code, try server.counts(run)["total"] ?? 0, error)
            }
        }
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreTriedThreeTimes(status: Int) async throws {
        let r = try await outcome("status-\(status)")
        #expect(r.code == "cloud.status")
        #expect(r.error?.httpStatus == status)
        #expect(r.attempts == 3)
    }

    @Test(arguments: [408, 429, 503])
    func retryAfterZeroIsHonouredAndRetried(status: Int) async throws {
        let r = try await outcome("status-\(status)-ra-0")
        #expect(r.code == "cloud.status")
        #expect(r.attempts == 3)
    }

    @Test func retryAfterBeyondTheDeadlineStopsAtOnce() async throws {
        let r = try await outcome("status-503-ra-30", deadline: 10)
        #expect(r.error?.httpStatus == 503)
        #expect(r.attempts == 1)
        let d = try await outcome("status-429-radate-30", deadline: 10)
        #expect(d.error?.httpStatus == 429)
        #expect(d.attempts == 1)
    }

    @Test(arguments: [400, 401, 404])
    func otherClientErrorsAreNotRetried(status: Int) async throws {
        let r = try await outcome("status-\(status)")
        #expect(r.error?.httpStatus == status)
        #expect(r.attempts == 1)
        let message = try #require(r.error?.message)
        #expect(message.key == "cloud.error.status")
        #expect(message.arguments.last == .text("injected \(status)"))
        #expect(r.error?.function == "predict_lvo")
    }

    @Test func recoversWhenARetryableStatusClears() async throws {
        let r = try await outcome("first-2-503")
        #expect(r.code == "ok")
        #expect(r.attempts == 3)
    }

    @Test(arguments: [
        ("reset", "cloud.connectionLost"), ("truncated", "cloud.connectionLost"), ("malformed", "cloud.malformed"),
        ("nan", "cloud.malformed"), ("wrongtypes", "cloud.wrongTypes"), ("oversize", "cloud.oversize"),
        ("html", "ok"), ("delay-200", "ok"),
    ])
    func faultsMapToTheirOwnErrorsWithoutRetry(fault: String, code: String) async throws {
        let r = try await FakeCloudServer.with { server in
            let (url, run) = server.base(fault)
            let client = CloudTestSupport.client(url)
            do {
                _ = try CloudDecoder.lvo(try await client.call(.lvo, body: CloudRequest.lvo(CloudTestSupport.full), deadline: client.deadlineFromNow()))
                return ("ok", try server.counts(run)["total"] ?? 0)
            } catch let error as CloudError {
                return (error.code, try server.counts(run)["total"] ?? 0)
            }
        }
        #expect(r.0 == code)
        #expect(r.1 == 1)
    }

    @Test func unresolvableHostIsADNSErrorWithoutRetry() async {
        let client = CloudTestSupport.client("http://stroke-triage-test.invalid")
        await #expect { _ = try await client.call(.lvo, body: "{}", deadline: client.deadlineFromNow()) } throws: {
            ($0 as? CloudError)?.code == "cloud.dns" && ($0 as? CloudError)?.isUnavailable == true
        }
    }

    @Test func refusedConnectionIsAConnectError() async {
        let client = CloudTestSupport.client(RefusingPort.url)
        await #expect { _ = try await client.call(.lvo, body: "{}", deadline: client.deadlineFromNow()) } throws: {
            ($0 as? CloudError)?.code == "cloud.connect"
        }
    }

    @Test func tlsToAPlainHTTPServerIsATLSError() async throws {
        try await FakeCloudServer.with { server in
            let client = CloudTestSupport.client("https://127.0.0.1:\(server.port)/t/ok")
            await #expect { _ = try await client.call(.lvo, body: "{}", deadline: client.deadlineFromNow()) } throws: {
                ($0 as? CloudError)?.code == "cloud.tls"
            }
        }
    }

    @Test func libcurlEndsASilentServersCallWithTheDeadlineError() async throws {
        // The schedule itself is asserted on a test clock (CloudDeadlineTests); this is the real transfer's timer.
        try await FakeCloudServer.with { server in
            let client = CloudTestSupport.client(server.base("hang").url, deadline: 0.4, clock: SystemTransferClock())
            await #expect { _ = try await client.call(.comaICH, body: "{}", deadline: client.deadlineFromNow()) } throws: {
                ($0 as? CloudError)?.code == "cloud.deadline"
            }
        }
    }

    @Test func cancellationStopsAHangingCall() async throws {
        try await FakeCloudServer.with { server in
            let (url, run) = server.base("hang")
            let client = CloudTestSupport.client(url, deadline: 8, attemptTimeout: 8)
            let task = Task { () -> String in
                do { _ = try await client.call(.lvo, body: "{}", deadline: client.deadlineFromNow()); return "ok" } catch let error as CloudError { return error.code } catch { return "other" }
            }
            // Cancel once the server has the request (a bounded poll of its count, not a sleep).
            try await waitUntil("the fake cloud counting a request") { (try server.counts(run)["total"] ?? 0) >= 1 }
            task.cancel()
            #expect(await task.value == "cloud.cancelled")
        }
    }
}
