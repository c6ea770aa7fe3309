import Foundation
import Testing

/// The station server as a research-access and prediction backend, through the
/// built binaries (the process is the point: the CLI and the server's commands):
/// `stroke-triage-server research-password` writes the hash from standard input,
/// `stroke-triage login/status/logout --api-base` work against `api
/// --research-password-file`, and `stroke-triage full --mode cloud` prints the
/// server's own message for a refused input.
@Suite("station login and errors through the binaries", .serialized)
struct StationLoginTests {
    static let password = "correct horse battery staple"

    /// A password file made by the server's own command (the password piped on stdin).
    static func passwordFile() throws -> URL {
        let dir = BinaryRunner.temporaryHome()
        let file = dir.appendingPathComponent("research-password.json")
        let made = try BinaryRunner.run(["research-password", "--out", file.path], stdin: password + "\n",
                                        executable: LocalAPIServerProcess.binary)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!made.stdout.contains(password) && !made.stderr.contains(password))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(password))
        return file
    }

    @Test func loginStatusLogoutAgainstTheStation() throws {
        let file = try Self.passwordFile()
        let again = try BinaryRunner.run(["research-password", "--out", file.path], stdin: Self.password + "\n",
                                         executable: LocalAPIServerProcess.binary)
        #expect(again.status != 0, "an existing file is never overwritten without --force")
        let short = try BinaryRunner.run(["research-password", "--out", file.path + ".2"], stdin: "short\n",
                                         executable: LocalAPIServerProcess.binary)
        #expect(short.status == 64)

        let server = try LocalAPIServerProcess.start(["--research-password-file", file.path])
        defer { #expect(server.stop() == 0) }
        let home = BinaryRunner.temporaryHome().path
        let env = ["STROKE_TRIAGE_HOME": home]
        let refused = try BinaryRunner.run(["login", "--api-base", server.base], stdin: "wrong password\n", environment: env)
        #expect(refused.status == 1, "\(refused.stderr)")
        let login = try BinaryRunner.run(["login", "--api-base", server.base, "--json"], stdin: Self.password + "\n", environment: env)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(try login.json()["loggedIn"] as? Bool == true)
        #expect(!login.stdout.contains("v1."), "the token is never printed")
        let status = try BinaryRunner.run(["status", "--json"], environment: env)
        #expect(try status.json()["loggedIn"] as? Bool == true)
        // The station checks the signed token: accepted by this server process.
        let checked = try BinaryRunner.run(["status", "--api-base", server.base, "--json"], environment: env)
        #expect((try checked.json()["server"] as? [String: Any])?["accepted"] as? Bool == true, "\(checked.stdout)\(checked.stderr)")
        let logout = try BinaryRunner.run(["logout", "--api-base", server.base, "--json"], environment: env)
        #expect(try logout.json()["removed"] as? Bool == true, "\(logout.stderr)")
        #expect(try BinaryRunner.run(["logout", "--api-base", "ftp://not-http"], environment: env).status == 64)
        #expect(try BinaryRunner.run(["status", "--json"], environment: env).json()["loggedIn"] as? Bool == false)
    }

    @Test func aRestartedStationNoLongerAcceptsTheSession() throws {
        let file = try Self.passwordFile()
        let env = ["STROKE_TRIAGE_HOME": BinaryRunner.temporaryHome().path]
        let first = try LocalAPIServerProcess.start(["--research-password-file", file.path])
        let login = try BinaryRunner.run(["login", "--api-base", first.base], stdin: Self.password + "\n", environment: env)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(first.stop() == 0)
        // A new process has a new signing key: the old token is refused, however well-formed.
        let second = try LocalAPIServerProcess.start(["--research-password-file", file.path])
        defer { #expect(second.stop() == 0) }
        let checked = try BinaryRunner.run(["status", "--api-base", second.base], environment: env)
        #expect(checked.status == 0)
        #expect(checked.stdout.contains("no longer accepts the session"), "\(checked.stdout)")
    }

    @Test func withoutAPasswordFileTheLoginSaysWhy() throws {
        let server = try LocalAPIServerProcess.start()
        defer { #expect(server.stop() == 0) }
        let login = try BinaryRunner.run(["login", "--api-base", server.base], stdin: Self.password + "\n")
        #expect(login.status == 69, "\(login.stderr)")
        #expect(login.stderr.contains("Research access is not set up on this server"), "\(login.stderr)")
    }

    @Test func aRefusedInputPrintsTheServersMessage() throws {
        let server = try LocalAPIServerProcess.start()
        defer { #expect(server.stop() == 0) }
        let r = try BinaryRunner.run(["full", "--age", "17", "--sbp", "120", "--dbp", "70", "--gfap", "100", "--fast-ed", "3",
                                      "--mode", "cloud", "--api-base", server.base, "--accept-disclaimer"])
        #expect(r.status == 69, "\(r.stderr)")
        #expect(r.stderr.contains("cloud answered 422: The ICH baseline applies only for age_years"), "\(r.stderr)")
        #expect(r.stderr.contains("given 17"), "\(r.stderr)")
    }
}
