import Foundation
import GoldenFiles
import StrokeAudit
import StrokeCenters
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization

/// The disclaimer gate's file and the centers questions against the CLI's goldens.
@Suite struct DisclaimerAndCentersTests {
    static let english = Localizer(language: .en)

    @Test func theGateAsksOnceAndRemembersInAPrivateFile() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let gate = DisclaimerGate(home.directories)
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        let events = CollectingEventSink()
        #expect(!gate.isAccepted)
        await #expect(throws: WalkError.disclaimerNotAccepted) { try await gate.require(acceptFlag: false, trail: trail, events: events) }
        try await gate.require(acceptFlag: true, trail: trail, events: events)
        #expect(gate.isAccepted)
        let mode = try FileManager.default.attributesOfItem(atPath: gate.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(trail.lastRecorded?.sequence == 1)
        #expect(events.events.isEmpty)
        // Accepted before: no flag needed, nothing recorded again.
        try await gate.require(acceptFlag: false, trail: trail, events: events)
        #expect(trail.lastRecorded?.sequence == 1)
    }

    @Test func nearestCentersMatchTheCentersGolden() throws {
        let place = try CentersEnvironment.gazetteer.resolve("Würzburg")
        let nearest = try CentersQueries.nearest(to: place.coordinate, place: place.displayName, limit: 3, config: AppConfig())
        #expect(nearest.json(Self.english).serialized() == (try Golden.text("centers-near.json")))
        #expect(nearest.centers.count == 3)
    }

    @Test func routeMatchesTheRouteGolden() throws {
        let place = try CentersEnvironment.gazetteer.resolve("Würzburg")
        let request = RoutingRequest(origin: place.coordinate, ichProbability: 0.1, fastEd: 6)
        let answer = try CentersQueries.route(request, place: place.displayName, config: AppConfig())
        #expect(answer.json(Self.english).serialized() == (try Golden.text("route-near.json")))
        #expect(answer.lines(Self.english).first?.contains("Würzburg") == true)
    }

    @Test func outOfRangeValuesAndSettingsAreCentersErrors() {
        let origin = Coordinate(latitude: 49.79, longitude: 9.95)
        #expect(throws: CentersError.self) { try CentersQueries.nearest(to: origin, limit: 0, config: AppConfig()) }
        #expect(throws: CentersError.self) { try CentersQueries.nearest(to: origin, need: "magic", config: AppConfig()) }
        #expect(throws: CentersError.self) {
            try CentersQueries.route(RoutingRequest(origin: origin, ichProbability: 1.5), config: AppConfig())
        }
        #expect(throws: CentersError.self) {
            try CentersQueries.nearest(to: origin, settings: CentersSettings(roadFactor: 9), config: AppConfig())
        }
        #expect(throws: CentersError.self) {
            try CentersQueries.nearest(to: origin, config: AppConfig(values: ["centers.coverageKm": .number(-1)]))
        }
    }
}
