import Foundation
import StrokeCloud
import StrokeModels
import Testing
import TriageEngine
import TriageFleet

/// The plain settings: the CLI's defaults, and their resolution against config and environment.
@Suite struct SettingsTests {
    @Test func defaultsAreTheCommandLinesDefaults() {
        let output = OutputSettings()
        #expect(!output.json && output.language == nil && !output.noColor && !output.verbose)
        #expect(OutputSettings(language: "de").localizer.language == .de)
        let prediction = PredictionSettings()
        #expect(prediction.mode == .auto && prediction.apiBase == nil && prediction.deadline == nil)
        #expect(PredictionSettings.offline.mode == .offline)
        #expect(AuditSettings() == AuditSettings(database: nil, keyFile: nil))
        #expect(CentersSettings() == CentersSettings(centersFile: nil, coverageKm: nil, roadFactor: nil, speedKmh: nil,
                                                     overheadMinutes: nil))
    }

    @Test func cloudSettingsPrecedenceFlagThenConfigThenEnvironment() throws {
        let config = AppConfig(values: ["apiBase": .string("http://config"), "deadlineSeconds": .number(4)])
        let environment = ["STROKE_TRIAGE_API_BASE": "http://env"]
        let fromConfig = try CloudSettings(PredictionSettings(), config: config, environment: environment).configuration
        #expect(fromConfig.baseURL == "http://config" && fromConfig.deadline == 4)
        let fromFlag = try CloudSettings(PredictionSettings(apiBase: "http://flag", deadline: 2), config: config, environment: environment)
        #expect(fromFlag.configuration.baseURL == "http://flag" && fromFlag.configuration.deadline == 2)
        let fromEnvironment = try CloudSettings(PredictionSettings(), config: AppConfig(), environment: environment)
        #expect(fromEnvironment.configuration.baseURL == "http://env")
        #expect(try CloudSettings(PredictionSettings(), config: AppConfig(), environment: [:]).configuration.baseURL
                == CloudConfiguration.productionBase)
    }

    @Test func caFileIsOneRuleForTheAPIBaseTheCollectorAndTheRelay() throws {
        let config = AppConfig(values: ["caFile": .string("/config/ca.pem")])
        let environment = ["STROKE_TRIAGE_CA_FILE": "/env/ca.pem"]
        #expect(CloudSettings.caFile(flag: "/flag/ca.pem", config: config, environment: environment) == "/flag/ca.pem")
        #expect(CloudSettings.caFile(flag: nil, config: config, environment: environment) == "/config/ca.pem")
        #expect(CloudSettings.caFile(flag: "", config: AppConfig(), environment: environment) == "/env/ca.pem")
        #expect(CloudSettings.caFile(flag: nil, config: AppConfig(), environment: [:]) == nil)
        // The API base (the prediction settings' flag), the collector (audit push) and the relay share it.
        #expect(try CloudSettings(PredictionSettings(caFile: "/flag/ca.pem"), config: config, environment: environment)
            .configuration.caFile == "/flag/ca.pem")
        #expect(try CloudSettings(PredictionSettings(), config: config, environment: environment).configuration.caFile == "/config/ca.pem")
        let push = try CollectorSettings(collector: "https://collector.example", device: "AMB-1", config: AppConfig(),
                                         environment: environment)
        #expect(push.configuration.caFile == "/env/ca.pem")
        #expect(push.configuration.pinnedPublicKey == nil)
    }

    @Test func unusableCloudSettingsNameTheSetting() {
        #expect(throws: CloudSettingsError(setting: "api-base", problem: .notHTTP)) {
            try CloudSettings(PredictionSettings(apiBase: "ftp://x"), config: AppConfig(), environment: [:])
        }
        #expect(throws: CloudSettingsError(setting: "deadline", problem: .outOfRange)) {
            try CloudSettings(PredictionSettings(deadline: 0), config: AppConfig(), environment: [:])
        }
        #expect(CloudSettingsError(setting: "x", problem: .outOfRange).code == "cloud.settingOutOfRange")
    }

    @Test func offlineModeNeverBuildsACloudClient() throws {
        // A broken cloud setting does not matter offline.
        let config = AppConfig(values: ["apiBase": .string("not a url")])
        #expect(try PredictionServiceFactory.make(.offline, config: config) is OfflinePredictionService)
        #expect(throws: CloudSettingsError.self) { try PredictionServiceFactory.make(PredictionSettings(mode: .cloud), config: config) }
    }

    @Test func auditLocationFollowsSettingsThenEnvironmentThenHome() {
        let home = TemporaryHome()
        defer { home.remove() }
        let defaults = AuditSetup.location(AuditSettings(), config: AppConfig(), environment: home.environment)
        #expect(defaults.database.path == home.root.appendingPathComponent("data/audit.sqlite").path)
        #expect(defaults.keyFile.path == home.root.appendingPathComponent("state/audit-keys.json").path)
        var environment = home.environment
        environment["STROKE_TRIAGE_KEY_FILE"] = "/k/env.json"
        #expect(AuditSetup.location(AuditSettings(), config: AppConfig(), environment: environment).keyFile.path == "/k/env.json")
        let flags = AuditSetup.location(AuditSettings(database: "/d/a.sqlite", keyFile: "/k/flag.json"), config: AppConfig(), environment: environment)
        #expect(flags.database.path == "/d/a.sqlite" && flags.keyFile.path == "/k/flag.json")
        let context = AuditSetup.context(config: AppConfig(values: ["operator": .string("medic-7")]), environment: home.environment)
        #expect(context.`operator` == "medic-7")
    }
}
