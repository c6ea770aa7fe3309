import Foundation
import Logging
import StrokeCloud
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization

/// The one error report of every front-end (`ErrorReport`) and the start-up check
/// of the configuration file (`AppConfig.checkFile`).
@Suite struct ErrorReportTests {
    static let english = Localizer(language: .en)

    @Test func aBrokenConfigurationIsOneLineAndItsCauseOnlyWhenVerbose() {
        let error = EngineError(.configUnreadable(file: "/h/config.json"), cause: "bad \u{1B}[31m byte")
        let message = "Error: Configuration file /h/config.json cannot be used: it is not a readable JSON object. Fix it or move it away. [config.unreadable]"
        #expect(ErrorReport.lines(error, Self.english, verbose: false) == [message])
        let verbose = ErrorReport.lines(error, Self.english, verbose: true)
        #expect(verbose.count == 2 && verbose[0] == message)
        #expect(verbose[1].hasPrefix("  cause: bad "))
        #expect(!verbose[1].contains("\u{1B}"))
        #expect(error.category.exitStatus == 78)
    }

    @Test func aCloudErrorNamesItsFunctionAndGivesTheHint() async throws {
        var configuration = CloudConfiguration(baseURL: "http://127.0.0.1:1", connectTimeout: 3, attemptTimeout: 8, deadline: 10)
        configuration.retry.maxAttempts = 1
        let cloud = CloudClient(configuration: configuration, logger: CloudSettings.silentLogger)
        do throws(CloudError) {
            _ = try await cloud.call(.lvo, body: "{}", deadline: cloud.deadlineFromNow())
            Issue.record("nothing listens on port 1")
        } catch {
            let lines = ErrorReport.lines(error, Self.english, verbose: false)
            #expect(lines.first?.hasPrefix("Error: predict_lvo: ") == true)
            #expect(lines.dropFirst().first == "Hint: use --mode auto to fall back to the local models, or --mode offline")
            #expect(error.message(Self.english).hasPrefix("predict_lvo: "))
            #expect(error.category.exitStatus == 69)
        }
    }

    @Test func theGermanReportUsesTheGermanPrefix() {
        let error = EngineError(.unknownScale(key: "scales", name: "nihss"))
        let german = ErrorReport.lines(error, Localizer(language: .de), verbose: true)
        #expect(german.count == 1)
        #expect(german[0].hasPrefix(Localizer(language: .de).text("error.prefix") + ": "))
        #expect(german[0].hasSuffix(error.message(Localizer(language: .de)) + " [config.unknownScale]"))
    }

    @Test func theStartUpCheckOfTheConfigurationFile() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        #expect(AppConfig.checkFile(home.directories) == nil)
        try home.writeConfig(#"{"apiBase": "https://example.org"}"#)
        #expect(AppConfig.checkFile(home.directories) == nil)
        try home.writeConfig("{not json")
        let error = try #require(AppConfig.checkFile(home.directories))
        #expect(error.code == "config.unreadable")
        #expect(error.category == .config)
        #expect(error.cause != nil)
    }

    @Test func theVerboseLoggerLogsDebugLinesTheQuietOneNothing() {
        #expect(CloudSettings.logger(verbose: true).logLevel == .debug)
        #expect(CloudSettings.logger(verbose: false).logLevel == .critical)
    }
}
