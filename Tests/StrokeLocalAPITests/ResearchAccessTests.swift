import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StrokeCloud
@testable import StrokeLocalAPI
import StrokeJSON
import Testing
import TestJSON

/// `/authenticate-research-access`: the reference's wire shapes, a salted slow hash,
/// signed expiring tokens that are really checked, and a per-client limit; time is
/// an injected clock, never waited for.
@Suite struct ResearchAccessTests {
    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { value } }
        func advance(_ seconds: Double) { lock.withLock { value += seconds } }
    }

    /// A password hashed with few rounds (the file format itself requires 210 000; see `passwordFile…`).
    static let password = try! ResearchPassword(password: "correct horse battery", iterations: 1_000)

    static func service(_ clock: Clock, password: ResearchPassword? = Self.password) -> ResearchAccessService {
        ResearchAccessService(password: password, now: { clock.now })
    }

    static func call(_ service: ResearchAccessService, _ json: String, client: String = "10.0.0.1") async -> (Int, [String: JSONValue]) {
        let (status, body) = await service.answer(Array(json.utf8), client: client)
        return (Int(status.code), body.dictionary ?? [:])
    }

    @Test func loginGivesASignedExpiringTokenThatValidateSessionChecks() async throws {
        let clock = Clock()
        let service = Self.service(clock)
        let (status, login) = await Self.call(service, #"{"action":"login","password":"correct horse battery"}"#)
        #expect(status == 200)
        #expect(login["success"] == .bool(true))
        #expect(login["message"]?.stringValue == "Authentication successful")
        #expect(login["expires_at"]?.stringValue == ResearchAccessService.timestamp(clock.now + 4 * 3600))
        #expect(login["session_duration"] == .integer(14_400))
        #expect(login["rate_limit_remaining"] == .integer(5))
        let token = try #require(login["session_token"]?.stringValue)
        let check = #"{"action":"validate_session","session_token":"\#(token)"}"#
        let (valid, answer) = await Self.call(service, check)
        #expect(valid == 200)
        #expect(answer["success"] == .bool(true))
        #expect(answer["session_token"]?.stringValue == token)
        // The reference web app's login: the password alone, no action.
        #expect(await Self.call(service, #"{"password":"correct horse battery"}"#).0 == 200)
        // Expired, altered, forged (the reference accepts any 64 alphanumerics), or from another process's key.
        clock.advance(4 * 3600)
        #expect(await Self.call(service, check).0 == 401)
        var altered = Array(token)
        altered[3] = altered[3] == "9" ? "8" : "9"
        for forged in [String(altered), String(repeating: "a1", count: 32), "v1.9999999999.00.00", ""] {
            let (code, body) = await Self.call(Self.service(Clock()), #"{"action":"validate_session","session_token":"\#(forged)"}"#)
            #expect(code == (forged.isEmpty ? 400 : 401), "\(forged)")
            #expect(body["success"] == .bool(false))
        }
        #expect(await Self.call(Self.service(Clock()), check).0 == 401)
    }

    @Test func wrongPasswordsAreLimitedPerClientAndTheWindowPasses() async {
        let clock = Clock()
        let service = Self.service(clock)
        for left in (0..<5).reversed() {
            let (status, body) = await Self.call(service, #"{"action":"login","password":"guess"}"#)
            #expect(status == 401)
            #expect(body["message"]?.stringValue == "Invalid credentials.")
            #expect(body["code"]?.stringValue == "api.invalidCredentials")
            #expect(body["rate_limit_remaining"] == .integer(left))
        }
        // Now even the right password waits for the window; another client is not affected.
        let (limited, body) = await Self.call(service, #"{"action":"login","password":"correct horse battery"}"#)
        #expect(limited == 429)
        #expect(body["rate_limit_remaining"] == .integer(0))
        #expect(body["code"]?.stringValue == "api.rateLimited")
        #expect(await Self.call(service, #"{"password":"correct horse battery"}"#, client: "10.0.0.2").0 == 200)
        clock.advance(300)
        #expect(await Self.call(service, #"{"password":"correct horse battery"}"#).0 == 200)
        // A success clears the count.
        #expect(await Self.call(service, #"{"password":"x"}"#).1["rate_limit_remaining"] == .integer(4))
    }

    @Test func refusalsNameTheirCodeAndNeverEchoThePassword() async {
        let clock = Clock()
        let cases: [(String, Int, String)] = [
            (#"{"action":"login"}"#, 400, "api.missingField"),
            (#"{"action":"login","password":""}"#, 400, "api.missingField"),
            (#"{"action":"logout"}"#, 400, "api.invalidAction"),
            (#"{}"#, 400, "api.invalidAction"),
            (#"[1]"#, 400, "api.notAnObject"),
            (#"{"action":"validate_session"}"#, 400, "api.missingField"),
        ]
        for (json, status, code) in cases {
            let (s, body) = await Self.call(Self.service(clock), json)
            #expect(s == status, "\(json)")
            #expect(body["code"]?.stringValue == code, "\(json)")
            #expect(body["success"] == .bool(false))
        }
        let (off, body) = await Self.call(Self.service(clock, password: nil), #"{"password":"secret-typed"}"#)
        #expect(off == 503)
        #expect(body["code"]?.stringValue == "api.researchAccessOff")
        #expect(!JSONValue.object(body.map { ($0.key, $0.value) }).serialized().contains("secret-typed"))
    }

    @Test func passwordFileIsASaltedSlowHashWrittenOwnerOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("research-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("password.json").path
        #expect(throws: LocalAPIError.self) { try ResearchPassword.new("short") }
        let made = try ResearchPassword.new("correct horse battery")
        try made.write(to: path)
        #expect(throws: LocalAPIError.self) { try made.write(to: path) }   // never overwritten without force
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("correct horse battery"))
        #expect(text.contains(#""iterations":210000"#))
        let read = try ResearchPassword.read(from: path)
        #expect(read.matches("correct horse battery"))
        #expect(!read.matches("correct horse batterY"))
        // Two files of the same password differ (random salt).
        #expect(try ResearchPassword.new("correct horse battery").salt != made.salt)
        // Too few rounds, or readable by others: refused at start.
        let weak = dir.appendingPathComponent("weak.json").path
        try Self.password.write(to: weak)
        #expect(throws: LocalAPIError.self) { try ResearchPassword.read(from: weak) }
        chmod(path, 0o644)
        #expect(throws: LocalAPIError.self) { try ResearchPassword.read(from: path) }
    }

    @Test func theRouteAnswersThroughTheRouterWithThePreflightAndTheCloudDecoderReadsIt() async throws {
        let clock = Clock()
        var configuration = LocalAPIConfiguration()
        configuration.corsOrigins = ["http://localhost:4173"]
        let app = Application(router: LocalAPIRoutes(configuration: configuration, research: Self.service(clock)).makeRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/authenticate-research-access", method: .options,
                                     headers: [.origin: "http://localhost:4173", .accessControlRequestMethod: "POST"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "http://localhost:4173")
            }
            // This project's client's login request, and its decoder on the answer.
            try await client.execute(uri: "/authenticate-research-access", method: .post, headers: [.origin: "http://localhost:4173"],
                                     body: ByteBuffer(string: CloudRequest.login(password: "correct horse battery"))) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == "http://localhost:4173")
                let session = try CloudDecoder.session(Array(response.body.readableBytesView))
                let answer = try OpenAPIConformanceTests.parsed(response.body)
                #expect(OpenAPIConformanceTests.problems(answer, OpenAPIConformanceTests.responseSchema("/authenticate-research-access", "post", 200)) == [])
                #expect(session.expiresAt == ResearchAccessService.timestamp(clock.now + 4 * 3600))
            }
            try await client.execute(uri: "/authenticate-research-access", method: .post,
                                     body: ByteBuffer(string: CloudRequest.login(password: "wrong"))) { response in
                #expect(response.status == .unauthorized)
                #expect(CloudDecoder.errorText(Array(response.body.readableBytesView)) == "Invalid credentials.")
                let answer = try OpenAPIConformanceTests.parsed(response.body)
                #expect(OpenAPIConformanceTests.problems(answer, OpenAPIConformanceTests.responseSchema("/authenticate-research-access", "post", 401)) == [])
            }
            try await client.execute(uri: "/authenticate-research-access", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                #expect(json?["success"].boolValue == false)
                #expect(json?["code"].stringValue == "api.methodNotAllowed")
            }
        }
    }
}
