import Foundation
import PostgresServerKit
import StrokeCollector
import Testing

/// Settings come from flags, then the environment, then the config file; the database URL never shows its password.
@Suite("collector configuration")
struct CollectorConfigurationTests {
    @Test("flags win over environment variables, which win over the config file")
    func precedence() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("collector-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("""
            {"database": "postgres://file@db.example/fleet", "listen": "0.0.0.0:9000", "maxBatchRecords": 50, "maxBodyBytes": 4096}
            """.utf8).write(to: file)
        let environment = ["STROKE_COLLECTOR_LISTEN": "127.0.0.1:9100", "STROKE_COLLECTOR_CONFIG": file.path,
                           "STROKE_COLLECTOR_MAX_BATCH_RECORDS": "70"]
        let sources = try CollectorSettingSources(flags: [.maxBatchRecords: "90"], environment: environment, configPath: nil)
        let configuration = try CollectorConfiguration(sources)
        #expect(configuration.database.user == "file")
        #expect(configuration.listenHost == "127.0.0.1")
        #expect(configuration.listenPort == 9100)
        #expect(configuration.maxBatchRecords == 90)
        #expect(configuration.maxBodyBytes == 4096)
        #expect(configuration.requestWindowSeconds == 300)
    }

    @Test("missing or malformed settings name the setting")
    func invalidSettings() throws {
        #expect(throws: CollectorError.self) {
            try CollectorConfiguration(CollectorSettingSources(flags: [:], environment: [:], configPath: nil))
        }
        let sources = try CollectorSettingSources(flags: [.database: "postgres://u@h/d", .listen: "nowhere"], environment: [:],
                                                  configPath: nil)
        #expect(throws: CollectorError.configurationInvalid("listen: expected HOST:PORT (port 0–65535), got nowhere")) {
            try CollectorConfiguration(sources)
        }
        #expect(CollectorSetting.requestWindowSeconds.environmentName == "STROKE_COLLECTOR_REQUEST_WINDOW_SECONDS")
    }

    @Test("database URLs: TCP with TLS mode, Unix socket directory, password redacted")
    func databaseURL() throws {
        let tcp = try DatabaseURL("postgres://collector:s3cret@db.example:6543/fleet?sslmode=require")
        #expect(tcp.host == "db.example")
        #expect(tcp.port == 6543)
        #expect(tcp.tls == .require)
        #expect(tcp.description == "postgres://collector:***@db.example:6543/fleet")
        #expect(!tcp.description.contains("s3cret"))
        let socket = try DatabaseURL("postgresql://collector@localhost/fleet?host=/run/postgresql")
        #expect(socket.socketDirectory == "/run/postgresql")
        #expect(socket.port == 5432)
        #expect(throws: CollectorError.self) { try DatabaseURL("mysql://u@h/d") }
        #expect(throws: CollectorError.self) { try DatabaseURL("postgres://u@h/") }
        #expect(throws: CollectorError.self) { try DatabaseURL("postgres://u@h/d?sslmode=maybe") }
    }
}
