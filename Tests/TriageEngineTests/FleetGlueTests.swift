import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageFleet

/// The glue between the engine and the fleet: the hospital's location and ETA from the
/// centers dataset, the fleet keys of the configuration, the routed destination.
@Suite struct FleetGlueTests {
    @Test func aKnownCenterHasANameAndALocation() {
        let known = HospitalLocator.destination("elisabeth-krankenhaus-essen", config: AppConfig())
        #expect(known.name == "Elisabeth-Krankenhaus Essen")
        #expect(known.latitude == 51.4495)
        #expect(known.longitude == 7.0137)
        let unknown = HospitalLocator.destination("no-such-hospital", config: AppConfig())
        #expect(unknown == PreNotifier.Destination(hospitalId: "no-such-hospital"))
    }

    @Test func theETAIsTheRoutingsDriveTimeInWholeMinutes() {
        let here = Coordinate(latitude: 51.4495, longitude: 7.0137)
        let zero = HospitalLocator.etaMinutes(from: here, latitude: 51.4495, longitude: 7.0137, config: AppConfig())
        let far = HospitalLocator.etaMinutes(from: Coordinate(latitude: 49.79, longitude: 9.95), latitude: 51.4495,
                                             longitude: 7.0137, config: AppConfig())
        #expect(zero != nil)
        #expect(far != nil)
        #expect((far ?? 0) > (zero ?? 0))
        #expect(HospitalLocator.etaMinutes(from: here, latitude: nil, longitude: 7, config: AppConfig()) == nil)
    }

    @Test func theFleetKeysOfTheConfiguration() {
        let config = AppConfig(values: [
            "collector": .string("https://collector.example"), "device": .string("rtw-1"), "relay": .string("https://relay.example"),
        ])
        let fleet = FleetConfig(config)
        #expect(fleet.collector == "https://collector.example")
        #expect(fleet.device == "rtw-1")
        #expect(fleet.relay == "https://relay.example")
        #expect(NotifySettings.relayConfigured(flag: nil, config: config))
        #expect(NotifySettings.relayConfigured(flag: "https://relay.example", config: AppConfig()))
    }

    @Test func theRoutedDestinationOfAnAssessment() async throws {
        let plain = try await AssessmentSession.assess(TriageInputs(module: .coma, gfap: 500), prediction: .offline, config: AppConfig())
        #expect(PreNotification.routedDestination(plain) == nil)
        let values: [InputKey: Double] = [.age: 70, .sbp: 150, .dbp: 85, .gfap: 450, .fastEd: 5, .onsetMinutes: 80, .lat: 49.79, .lon: 9.95]
        let routed = try await ModuleAssessment.run(ModuleRequest(), prediction: .offline, config: AppConfig()) { () throws(ModelsError) in
            try TriageInputs(module: .full, values: values)
        }
        let id = try #require(PreNotification.routedDestination(routed))
        #expect(HospitalID.isValid(id))
    }
}
