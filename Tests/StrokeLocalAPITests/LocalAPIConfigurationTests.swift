import Foundation
import StrokeLocalAPI
import Testing

/// Flags, then environment variables, then the config file, then defaults; bad values name the setting.
@Suite struct LocalAPIConfigurationTests {
    @Test func defaultsAreLoopbackNoCORSAndSmallBodies() throws {
        let c = try LocalAPIConfiguration(flags: [:], environment: [:], configPath: nil)
        #expect(c.listenHost == "127.0.0.1")
        #expect(c.listenPort == 8080)
        #expect(c.maxBodyBytes == 16_384)
        #expect(c.requestTimeoutSeconds == 10)
        #expect(c.corsOrigins.isEmpty)
    }

    @Test func flagsBeatEnvironmentWhichBeatsTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("api-config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"listen":"0.0.0.0:9000","maxBodyBytes":4096,"requestTimeoutSeconds":3,"corsOrigin":"https://a.example"}"#.utf8).write(to: file)
        let fromFile = try LocalAPIConfiguration(flags: [:], environment: [:], configPath: file.path)
        #expect(fromFile.listenHost == "0.0.0.0")
        #expect(fromFile.listenPort == 9000)
        #expect(fromFile.maxBodyBytes == 4096)
        #expect(fromFile.requestTimeoutSeconds == 3)
        #expect(fromFile.corsOrigins == ["https://a.example"])
        let env = ["STROKE_API_LISTEN": "127.0.0.1:9001", "STROKE_API_CONFIG": file.path, "STROKE_API_MAX_BODY_BYTES": "2048"]
        let fromEnv = try LocalAPIConfiguration(flags: [:], environment: env, configPath: nil)
        #expect(fromEnv.listenPort == 9001)
        #expect(fromEnv.maxBodyBytes == 2048)
        #expect(fromEnv.requestTimeoutSeconds == 3)
        let fromFlags = try LocalAPIConfiguration(flags: [.listen: "[::1]:0", .corsOrigin: "*"], environment: env, configPath: nil)
        #expect(fromFlags.listenHost == "::1")
        #expect(fromFlags.listenPort == 0)
        #expect(fromFlags.corsOrigins == ["*"])
    }

    @Test(arguments: [(LocalAPISetting.listen, "8080"), (.listen, "host:99999"), (.maxBodyBytes, "10"), (.maxBodyBytes, "lots"),
                      (.requestTimeoutSeconds, "0"), (.corsOrigin, "example.org"), (.corsOrigin, "https://a.example/"),
                      (.corsOrigin, "https://a.example https://b.example"), (.corsOrigin, "https://a.example/app"),
                      (.corsOrigin, "https://a.example,")])
    func badValuesNameTheSetting(_ setting: LocalAPISetting, _ value: String) {
        #expect {
            _ = try LocalAPIConfiguration(flags: [setting: value], environment: [:], configPath: nil)
        } throws: { error in
            guard let error = error as? LocalAPIError else { return false }
            return error.code == "api.configurationInvalid" && error.englishMessage.hasPrefix(setting.rawValue) && error.englishMessage.contains(value)
        }
    }

    @Test func anUnreadableConfigFileIsAnErrorNotIgnored() {
        #expect(throws: LocalAPIError.self) {
            _ = try LocalAPIConfiguration(flags: [:], environment: [:], configPath: "/nonexistent/api.json")
        }
    }

    @Test func corsOriginsAreAListFromEverySource() throws {
        let flags = try LocalAPIConfiguration(flags: [.corsOrigin: "http://localhost:4173,https://igfap.eu, http://localhost:4173"],
                                              environment: [:], configPath: nil)
        #expect(flags.corsOrigins == ["http://localhost:4173", "https://igfap.eu"])
        let env = try LocalAPIConfiguration(flags: [:], environment: ["STROKE_API_CORS_ORIGIN": "https://a.example,https://b.example:8443"],
                                            configPath: nil)
        #expect(env.corsOrigins == ["https://a.example", "https://b.example:8443"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("api-cors-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"corsOrigin":["http://127.0.0.1:4173","https://c.example"]}"#.utf8).write(to: file)
        let fromFile = try LocalAPIConfiguration(flags: [:], environment: [:], configPath: file.path)
        #expect(fromFile.corsOrigins == ["http://127.0.0.1:4173", "https://c.example"])
    }

    @Test(arguments: ["http://*.evil.com", "http://user@a.com", "http://a.com:80", "https://a.com:443", "https://A.example",
                      "https://a.com/", "https://a.com/path", "ftp://a.com", "https://a.com:0", "https://a.com:99999", "https://-a.com",
                      "https://a..com", "https://a.com:+80", "https://[::1"])
    func originsNoBrowserCanSendAreRefused(_ origin: String) {
        #expect(throws: LocalAPIError.self, "\(origin)") {
            try LocalAPIConfiguration(flags: [.corsOrigin: origin], environment: [:], configPath: nil)
        }
    }

    @Test(arguments: ["https://app.example.org", "http://127.0.0.1:5173", "http://localhost:4173", "https://[::1]:8443", "*"])
    func browserOriginsAreAccepted(_ origin: String) throws {
        #expect(try LocalAPIConfiguration(flags: [.corsOrigin: origin], environment: [:], configPath: nil).corsOrigins == [origin])
    }
}
