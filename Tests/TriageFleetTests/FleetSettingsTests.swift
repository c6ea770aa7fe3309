import Foundation
import StrokeCloud
import Testing
import TriageFleet

/// Collector and relay settings resolved from plain values: flag > config > environment,
/// and the stable codes of what is missing or unusable.
@Suite("TriageFleet settings")
struct FleetSettingsTests {
    private func collector(_ flag: String? = nil, device: String? = nil, config: FleetConfig = FleetConfig(),
                           environment: [String: String] = [:]) throws -> CollectorSettings {
        try CollectorSettings(collector: flag, device: device, config: config, environment: environment, transport: testTransport)
    }

    private func pushError(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as PushError { return error.code } catch { return "other" }
        return nil
    }

    @Test("the collector comes from the flag, else the config, else the environment; trailing slashes go")
    func collectorOrder() throws {
        let environment = ["STROKE_TRIAGE_COLLECTOR": "http://env.example", "STROKE_TRIAGE_DEVICE": "env-device"]
        let config = FleetConfig(collector: "https://config.example//", device: "config-device")
        #expect(try collector("http://flag.example/", device: "flag-device", config: config, environment: environment).baseURL
            == "http://flag.example")
        let fromConfig = try collector(config: config, environment: environment)
        #expect(fromConfig.baseURL == "https://config.example")
        #expect(fromConfig.device == "config-device")
        let fromEnvironment = try collector(environment: environment)
        #expect(fromEnvironment.baseURL == "http://env.example")
        #expect(fromEnvironment.device == "env-device")
        #expect(fromEnvironment.orgKey == nil)
        #expect(fromEnvironment.configuration.pinnedPublicKey == nil)
    }

    @Test("missing or unusable collector settings have stable codes")
    func collectorErrors() {
        #expect(pushError { _ = try collector(device: "a") } == "push.collectorMissing")
        #expect(pushError { _ = try collector("ftp://x", device: "a") } == "push.collectorInvalid")
        #expect(pushError { _ = try collector("http://x y", device: "a") } == "push.collectorInvalid")
        #expect(pushError { _ = try collector("http://x") } == "push.deviceMissing")
        #expect(pushError { _ = try collector("http://x", device: "bad/name") } == "push.deviceInvalid")
        #expect(pushError { _ = try collector("http://x", device: "a", config: FleetConfig(orgPublicKey: "not a key")) }
            == "push.orgKeyInvalid")
    }

    @Test("the transport is asked last, for the resolved URL, and its error passes through")
    func transportLast() throws {
        struct Refused: Error {}
        #expect(throws: PushError.self) {
            _ = try CollectorSettings(collector: nil, device: "a", config: FleetConfig(), environment: [:]) { _ in throw Refused() }
        }
        #expect(throws: Refused.self) {
            _ = try CollectorSettings(collector: "http://x/", device: "a", config: FleetConfig(), environment: [:]) { url in
                #expect(url == "http://x")
                throw Refused()
            }
        }
    }

    @Test("a background push starts only with a collector configured; its command line")
    func backgroundPush() {
        #expect(!CollectorSettings.isConfigured(config: FleetConfig(), environment: [:]))
        #expect(CollectorSettings.isConfigured(config: FleetConfig(collector: "http://c"), environment: [:]))
        #expect(CollectorSettings.isConfigured(config: FleetConfig(), environment: ["STROKE_TRIAGE_COLLECTOR": "http://c"]))
        #expect(BackgroundPush.arguments(executable: "/bin/st", auditDb: nil, keyFile: nil) == ["/bin/st", "audit", "push", "--quiet"])
        #expect(BackgroundPush.arguments(executable: "/bin/st", auditDb: "/d.sqlite", keyFile: "/k.json")
            == ["/bin/st", "audit", "push", "--quiet", "--audit-db", "/d.sqlite", "--key-file", "/k.json"])
        // The test process is not the stroke-triage program: it starts no background push.
        #expect(BackgroundPush.currentExecutable() == nil)
    }

    @Test("push errors keep their codes; a collector's reason is kept only when it looks like one")
    func pushErrorCodes() {
        #expect(PushError(.unreachable).code == "push.unreachable")
        #expect(PushError(.refused, reason: "chain.fork", status: 409).code == "push.refused")
        #expect(PushError.sanitisedReason("chain.fork") == "chain.fork")
        #expect(PushError.sanitisedReason("<script>") == "unknown")
        #expect(PushError.sanitisedReason(String(repeating: "a", count: 65)) == "unknown")
        #expect(PushError.sanitisedReason(nil) == "unknown")
    }

    @Test("relay settings: flag > config > environment; pinned keys from the config and the flag")
    func relaySettings() throws {
        let environment = ["STROKE_TRIAGE_RELAY": "http://env-relay", "STROKE_TRIAGE_DEVICE": "env-device"]
        let config = FleetConfig(device: "config-device", relay: "https://config-relay/", hospitalKeys: ["h1": "sthk1.a.b"])
        let flagged = try NotifySettings.resolve(relayFlag: "http://flag-relay", deviceFlag: "flag-device", hospitalKeyFlag: "sthk1.c.d",
                                                 hospital: "h2", config: config, environment: environment)
        #expect(flagged.relay == "http://flag-relay")
        #expect(flagged.device == "flag-device")
        #expect(flagged.pinnedKeys == ["h1": "sthk1.a.b", "h2": "sthk1.c.d"])
        let configured = try NotifySettings.resolve(relayFlag: "", deviceFlag: nil, config: config, environment: environment)
        #expect(configured.relay == "https://config-relay")
        #expect(configured.device == "config-device")
        let fromEnvironment = try NotifySettings.resolve(relayFlag: nil, deviceFlag: nil, config: FleetConfig(), environment: environment)
        #expect(fromEnvironment.relay == "http://env-relay")
        #expect(NotifySettings.relayURL(flag: nil, config: FleetConfig(), environment: [:]) == nil)
    }

    @Test("relay settings errors: no relay, a relay with a path, no device")
    func relayErrors() {
        func code(_ relay: String?, _ device: String?) -> String? {
            do { _ = try NotifySettings.resolve(relayFlag: relay, deviceFlag: device, config: FleetConfig(), environment: [:]) } catch {
                return error.code
            }
            return nil
        }
        #expect(code(nil, "d") == "notify.noRelay")
        #expect(code("http://relay/v1", "d") == "notify.badRelay")
        #expect(code("mailto:x", "d") == "notify.badRelay")
        #expect(code("http://relay", nil) == "notify.noDevice")
        #expect(code("http://relay", "d") == nil)
    }

    @Test("hospital and case ids")
    func ids() {
        #expect(HospitalID.isValid("stroke-unit_1.a"))
        #expect(!HospitalID.isValid(".."))
        #expect(!HospitalID.isValid("a/b"))
        #expect(!HospitalID.isValid(String(repeating: "a", count: 65)))
        #expect(HospitalID.isCaseID(String(repeating: "0af", count: 10) + "12"))
        #expect(!HospitalID.isCaseID(String(repeating: "A", count: 32)))
    }
}
