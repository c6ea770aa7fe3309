import FakeCloudLauncher
import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// The cloud commands against the fake Cloud Functions (`FakeCloud`), run in the test
/// process (`InProcessCLI`). `login` reads its password from standard input, so its
/// tests run the binary with a piped one (`BinaryRunner`).
@Suite struct CloudCommandTests {
    @Test func warmUpReportsEveryFunctionsStatusAndLatency() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", server.base(), "--json"])
        #expect(r.status == 0)
        let functions = try #require(try r.json()["functions"].arrayValue)
        #expect(functions.map { $0["function"].stringValue } == [
            "predict_coma_ich", "predict_limited_data_ich", "predict_full_stroke", "predict_lvo", "authenticate-research-access",
        ])
        #expect(functions.allSatisfy { $0["status"].intValue != nil && $0["latencyMs"].doubleValue != nil })
        #expect(r.stderr.isEmpty)
    }

    @Test func warmUpAgainstARefusingPortExits69WithTheReason() async throws {
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", "http://127.0.0.1:1", "--json"])
        #expect(r.status == 69)
        let functions = try #require(try r.json()["functions"].arrayValue)
        #expect(functions.allSatisfy { $0["error"].stringValue == "cloud.connect" })
    }

    @Test func verboseLogsEndpointStatusAttemptAndTimingsButNoBody() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let base = server.base()
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", base, "--verbose"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("endpoint=\(base)/predict_lvo"))
        #expect(r.stderr.contains("attempt=1") && r.stderr.contains("attempt_ms=") && r.stderr.contains("outcome=status 400"))
        #expect(!r.stderr.contains("{}"))
    }

    @Test func loginStoresTheSessionPrivatelyAndNeverPrintsTheToken() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let home = BinaryRunner.temporaryHome()
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let token = String(repeating: "ab", count: 32)
        let login = await InProcessCLI.runOnStillClock(["login", "--api-base", server.base(), "--verbose"], stdin: "correct horse\n", environment: env)
        #expect(login.status == 0)
        #expect(login.stdout.contains("2099-01-01T00:00:00Z"))
        let file = home.appendingPathComponent("state/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8).contains(token))

        let status = await InProcessCLI.runOnStillClock(["status", "--json"], environment: env)
        #expect(status.status == 0)
        #expect(try status.json()["loggedIn"].boolValue == true)
        let logout = await InProcessCLI.runOnStillClock(["logout"], environment: env)
        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let after = await InProcessCLI.runOnStillClock(["status", "--json"], environment: env)
        #expect(try after.json()["loggedIn"].boolValue == false)
        for output in [login.stdout, login.stderr, status.stdout, status.stderr, logout.stdout, after.stdout] {
            #expect(!output.contains(token) && !output.contains("correct horse"))
        }
    }

    @Test func aRefusedPasswordExits1AndStoresNothing() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let home = BinaryRunner.temporaryHome()
        let r = await InProcessCLI.runOnStillClock(["login", "--api-base", server.base()], stdin: "wrong\n", environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("invalid credentials"))
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("state/session.json").path))
    }

    @Test func noPasswordIsAUsageErrorBeforeAnyRequest() async throws {
        let home = BinaryRunner.temporaryHome()
        for stdin in ["\n", ""] {
            let r = await InProcessCLI.runOnStillClock(["login", "--api-base", "http://stroke-triage-test.invalid"], stdin: stdin,
                                         environment: ["STROKE_TRIAGE_HOME": home.path])
            #expect(r.status == 64)
            #expect(r.stderr == "Error: no password given [cloud.noPassword]\n")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func loginWithAnUnreachableCloudExits69() async throws {
        let r = await InProcessCLI.runOnStillClock(["login", "--api-base", "http://stroke-triage-test.invalid", "--lang", "de"], stdin: "x\n")
        #expect(r.status == 69)
        #expect(r.stderr.contains("Hostname nicht auflösbar"))
    }

    @Test func anUnusableAPIBaseIsAUsageError() async throws {
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", "ftp://example.org"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("api-base"))
    }

    @Test func theBaseURLComesFromTheFlagThenTheConfigThenTheEnvironment() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let home = BinaryRunner.temporaryHome()
        let fromConfig = server.base(), fromEnv = server.base(), fromFlag = server.base()
        let env = ["STROKE_TRIAGE_HOME": home.path, "STROKE_TRIAGE_API_BASE": fromEnv]
        func apiBase(_ arguments: [String]) async throws -> String? {
            try await InProcessCLI.runOnStillClock(["warm-up", "--json"] + arguments, environment: env).json()["apiBase"].stringValue
        }
        #expect(try await apiBase([]) == fromEnv)
        try Data("{\"apiBase\": \"\(fromConfig)\"}".utf8).write(to: home.appendingPathComponent("config.json"))
        #expect(try await apiBase([]) == fromConfig)
        #expect(try await apiBase(["--api-base", fromFlag]) == fromFlag)
    }

    @Test func aDeadlineOutsideItsRangeIsAUsageError() async throws {
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", "http://127.0.0.1:1", "--deadline", "0"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("deadline"))
    }

    @Test func warmUpOfASilentCloudStopsAtTheDeadline() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let r = await InProcessCLI.runOnStillClock(["warm-up", "--api-base", server.base("hang"), "--deadline", "0.3", "--json"])
        #expect(r.status == 69)
        let functions = try #require(try r.json()["functions"].arrayValue)
        #expect(functions.count == 5)
        #expect(functions.allSatisfy { $0["error"].stringValue == "cloud.timeout" })
    }
}
