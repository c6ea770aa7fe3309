import Foundation
import TLSFixture
import Testing
import CLITestSupport

/// `--api-base https://…` (the CLI in the test process) against `stroke-triage-server api
/// --tls-cert … --tls-key …` (the server's command lines as processes: their exit status is the point): a private CA named by `--ca-file` (or
/// `STROKE_TRIAGE_CA_FILE`) is trusted; without it the certificate is refused with exit 69 and
/// libcurl's words for the problem, never silently accepted. The server commands check their
/// TLS flags and files before they start (one flag alone: 64; a key readable by others: 65).
@Suite(.serialized) struct NativeTLSProcessTests {
    static let assessment = ["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "cloud", "--deadline", "60"]

    @Test func apiBaseOverTLSNeedsTheCA() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        let server = try await LocalAPIServerProcess.start(["--tls-cert", files.certificateFile, "--tls-key", files.keyFile])
        defer { server.kill() }
        #expect(server.base.hasPrefix("https://127.0.0.1:"), "\(server.base)")

        let trusted = await InProcessCLI.runOnStillClock(Self.assessment + ["--json", "--api-base", server.base, "--ca-file", files.caFile])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let offline = await InProcessCLI.runOnStillClock(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline", "--json"])
        #expect(trusted.stdout == offline.stdout, "the cloud path over TLS gives the offline answer")

        let byEnvironment = await InProcessCLI.runOnStillClock(Self.assessment + ["--api-base", server.base],
                                                   environment: ["STROKE_TRIAGE_CA_FILE": files.caFile])
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")

        let refused = await InProcessCLI.runOnStillClock(Self.assessment + ["--api-base", server.base])
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("secure connection failed: SSL certificate problem"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(await server.stop() == 0)
    }

    @Test func oneTLSFlagAloneIsAUsageErrorNamingTheOther() async throws {
        let alone = await InProcessServerCLI.run(["api", "--listen", "127.0.0.1:0", "--tls-cert", "server.pem"])
        #expect(alone.status == 64, "\(alone.stderr)")
        #expect(alone.stderr.contains("missing --tls-key"), "\(alone.stderr)")
    }

    @Test func collectorAndRelayCheckTheirTLSFilesBeforeTheyStart() async throws {
        let files = try await TestCertificates.make()
        defer { files.remove() }
        let shared = try files.write("shared.key", try String(contentsOfFile: files.keyFile, encoding: .utf8), permissions: 0o644)
        let database = "postgres://collector@127.0.0.1:1/fleet"
        for command in [["collector", "serve"], ["relay", "serve"]] {
            let refused = await InProcessServerCLI.run(command + ["--database", database, "--listen", "127.0.0.1:0",
                                                                  "--tls-cert", files.certificateFile, "--tls-key", shared])
            #expect(refused.status == 65, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("[tls.keyUnsafe]"), "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("mode 644"), "\(command): \(refused.stderr)")
        }
    }
}
