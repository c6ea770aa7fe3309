import Foundation
import StrokeJSON
import StrokeLocalAPI
import Testing
import CLITestSupport
import TestJSON

/// The station's API as a research-access and prediction backend: `stroke-triage-server
/// research-password` writes the hash from standard input; `stroke-triage login/status/logout
/// --api-base` work against the API with a research password (served in the test process,
/// `LocalAPIInProcess`); and `stroke-triage full --mode cloud` prints the server's own message
/// for a refused input. Everything runs in the test process, the passwords piped.
@Suite("station login and errors")
struct StationLoginTests {
    static let password = "correct horse battery staple"

    /// A password file with the hash `research-password` writes (made in the test process).
    static func passwordFile() throws -> String {
        let file = BinaryRunner.temporaryHome().appendingPathComponent("research-password.json").path
        try ResearchPassword.new(password).write(to: file)
        return file
    }

    @Test func theResearchPasswordCommandWritesAPrivateHashOnly() async throws {
        let file = BinaryRunner.temporaryHome().appendingPathComponent("research-password.json")
        let made = await InProcessServerCLI.run(["research-password", "--out", file.path], stdin: Self.password + "\n")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!made.stdout.contains(Self.password) && !made.stderr.contains(Self.password))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(Self.password))
        #expect(try ResearchPassword.read(from: file.path).matches(Self.password))
        let again = await InProcessServerCLI.run(["research-password", "--out", file.path], stdin: Self.password + "\n")
        #expect(again.status != 0, "an existing file is never overwritten without --force")
        let short = await InProcessServerCLI.run(["research-password", "--out", file.path + ".2"], stdin: "short\n")
        #expect(short.status == 64)
    }

    @Test func loginStatusLogoutAgainstTheStation() async throws {
        let file = try Self.passwordFile()
        let home = BinaryRunner.temporaryHome().path
        let env = ["STROKE_TRIAGE_HOME": home]
        try await LocalAPIInProcess.withServer([.researchPasswordFile: file]) { (base: String) async throws in
            let refused = await InProcessCLI.runOnStillClock(["login", "--api-base", base], stdin: "wrong password\n", environment: env)
            #expect(refused.status == 1, "\(refused.stderr)")
            let login = await InProcessCLI.runOnStillClock(["login", "--api-base", base, "--json"], stdin: Self.password + "\n", environment: env)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(try login.json()["loggedIn"].boolValue == true)
            #expect(!login.stdout.contains("v1."), "the token is never printed")
            let status = await InProcessCLI.runOnStillClock(["status", "--json"], environment: env)
            #expect(try status.json()["loggedIn"].boolValue == true)
            // The station checks the signed token: accepted by this server.
            let checked = await InProcessCLI.runOnStillClock(["status", "--api-base", base, "--json"], environment: env)
            #expect((try checked.json()["server"].object)?["accepted"].boolValue == true, "\(checked.stdout)\(checked.stderr)")
            let logout = await InProcessCLI.runOnStillClock(["logout", "--api-base", base, "--json"], environment: env)
            #expect(try logout.json()["removed"].boolValue == true, "\(logout.stderr)")
            #expect(await InProcessCLI.runOnStillClock(["logout", "--api-base", "ftp://not-http"], environment: env).status == 64)
            #expect(try await InProcessCLI.runOnStillClock(["status", "--json"], environment: env).json()["loggedIn"].boolValue == false)
        }
    }

    @Test func aRestartedStationNoLongerAcceptsTheSession() async throws {
        let file = try Self.passwordFile()
        let env = ["STROKE_TRIAGE_HOME": BinaryRunner.temporaryHome().path]
        try await LocalAPIInProcess.withServer([.researchPasswordFile: file]) { (base: String) async throws in
            let login = await InProcessCLI.runOnStillClock(["login", "--api-base", base], stdin: Self.password + "\n", environment: env)
            #expect(login.status == 0, "\(login.stderr)")
        }
        // A new server has a new signing key: the old token is refused, however well-formed.
        try await LocalAPIInProcess.withServer([.researchPasswordFile: file]) { (base: String) async throws in
            let checked = await InProcessCLI.runOnStillClock(["status", "--api-base", base], environment: env)
            #expect(checked.status == 0)
            #expect(checked.stdout.contains("no longer accepts the session"), "\(checked.stdout)")
        }
    }

    @Test func withoutAPasswordFileTheLoginSaysWhy() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            let login = await InProcessCLI.runOnStillClock(["login", "--api-base", base], stdin: Self.password + "\n")
            #expect(login.status == 69, "\(login.stderr)")
            #expect(login.stderr.contains("Research access is not set up on this server"), "\(login.stderr)")
        }
    }

    @Test func aRefusedInputPrintsTheServersMessage() async throws {
        try await LocalAPIInProcess.withServer { (base: String) async throws in
            let r = await InProcessCLI.runOnStillClock(["full", "--age", "17", "--sbp", "120", "--dbp", "70", "--gfap", "100", "--fast-ed", "3",
                                            "--mode", "cloud", "--api-base", base, "--accept-disclaimer"])
            #expect(r.status == 69, "\(r.stderr)")
            #expect(r.stderr.contains("cloud answered 422: The ICH baseline applies only for age_years"), "\(r.stderr)")
            #expect(r.stderr.contains("given 17"), "\(r.stderr)")
        }
    }
}
