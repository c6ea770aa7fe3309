import StrokeCenters
import StrokeModels
import Testing

/// Issue 43 on the hand-made dataset of `RoutingTests` (lysis-only hospital a 10 km, stroke unit b
/// 20 km, thrombectomy center c 40 km east of the origin): lysis judged at the needle, the
/// anticoagulation switch, coma, coverage by drive time and the stroke-unit preference, each at its edge.
@Suite struct NeedleTimeRoutingTests {
    static let dataset = RoutingTests.dataset
    static let origin = RoutingTests.origin
    static let drive = DriveTimeModel.standard
    static func minutes(_ rank: Int) -> Double { dataset.rank(rank, from: origin, drive: drive).driveMinutes }

    static func policy(_ values: [ProtocolKey: Double]) -> RoutingPolicy {
        var p = RoutingPolicy()
        p.rules = TriageProtocol(id: "test", values: values, sha256: "")
        return p
    }

    static func route(_ policy: RoutingPolicy, lvo: Double? = 0.8, onset: Double?, anticoagulated: Bool = false,
                      comatose: Bool = false) throws -> RoutingOutcome {
        try Router(dataset: dataset, policy: policy).route(RoutingRequest(
            origin: origin, ichProbability: nil, lvoProbability: lvo, onsetMinutes: onset, comatose: comatose, anticoagulated: anticoagulated))
    }

    /// Lysis at a (about 14.8 min away) is reachable while onset + drive + 30 ≤ 270: at 225 min, not at 226;
    /// then the after-window limit (20 here) applies over the nearest stroke unit b, and c (19.5 min more) is direct.
    @Test func lysisCountsOnlyWhenTheNeedleFallsInsideTheWindow() throws {
        let p = Self.policy([.strokeUnitPreferWithinMinutes: 0, .lvoBypassMaxExtraMinutesLate: 20])
        #expect(Self.minutes(0) > 14 && Self.minutes(0) < 15)
        let inTime = try #require(try Self.route(p, onset: 225).decision)
        #expect(inTime.category == .dripAndShip)
        #expect(inTime.destination.center.id == "a-lysis")
        #expect(inTime.transferPlan?.center.id == "c-comprehensive")
        let needle = try #require(inTime.reasons.first { $0.key == "centers.reason.needleInWindow" })
        // Rounded down inside the window: a shown value never crosses its edge.
        #expect(needle.arguments.first == .number(269, maxFractionDigits: 0))
        let late = try #require(try Self.route(p, onset: 226).decision)
        #expect(late.category == .thrombectomy)
        #expect(late.destination.center.id == "c-comprehensive")
        #expect(late.reasons.map(\.key).contains("centers.reason.needleAfterWindow"))
        #expect(late.extraMinutes == Self.minutes(2) - Self.minutes(1))
        // The needle time past the window is rounded up: it never reads as inside it.
        let shown = try #require(late.reasons.first { $0.key == "centers.reason.needleAfterWindow" })
        #expect(shown.arguments.first == .number(271, maxFractionDigits: 0))
        // Unknown onset: today's rule (lysis possibly reachable), said in the reasons.
        let unknown = try #require(try Self.route(p, onset: nil).decision)
        #expect(unknown.category == .dripAndShip)
        #expect(unknown.reasons.map(\.key).contains("centers.reason.onsetUnknownLvo"))
    }

    @Test func anticoagulationExcludesLysisOnlyWhenTheProtocolSaysSo() throws {
        let excluded = try #require(try Self.route(Self.policy([.strokeUnitPreferWithinMinutes: 0, .lvoBypassMaxExtraMinutesLate: 20]),
                                                   onset: 60, anticoagulated: true).decision)
        #expect(excluded.category == .thrombectomy)
        #expect(excluded.reasons.map(\.key).contains("centers.reason.lysisExcludedAnticoagulation"))
        let allowed = try #require(try Self.route(Self.policy([.strokeUnitPreferWithinMinutes: 0, .lvoBypassMaxExtraMinutesLate: 20,
                                                               .lysisExcludedByAnticoagulation: 0]), onset: 60, anticoagulated: true).decision)
        #expect(allowed.category == .dripAndShip)
        #expect(allowed.destination.center.id == "a-lysis")
        // Without a suspected LVO, an anticoagulated patient goes to the nearest stroke unit, not a lysis-only hospital.
        let noLvo = try #require(try Self.route(Self.policy([.strokeUnitPreferWithinMinutes: 0]), lvo: 0.1, onset: 60, anticoagulated: true).decision)
        #expect(noLvo.category == .strokeUnit)
        #expect(noLvo.destination.center.id == "b-unit")
    }

    @Test func comaIsTimeCriticalAtAnyOnsetAndUsesTheAfterWindowLimit() throws {
        for onset in [30.0, 600, 1440, 2000] {
            let d = try #require(try Self.route(Self.policy([:]), lvo: nil, onset: onset, comatose: true).decision)
            #expect(d.urgency == .timeCritical, "\(onset)")
            if onset <= 1440 {
                // c adds 19.5 min over the nearest stroke unit b: within the 30-min after-window limit, at any onset.
                #expect(d.category == .thrombectomy, "\(onset)")
                #expect(d.destination.center.id == "c-comprehensive")
            }
        }
        let tight = try #require(try Self.route(Self.policy([.lvoBypassMaxExtraMinutesLate: 15]), lvo: nil, onset: 30, comatose: true).decision)
        #expect(tight.category == .dripAndShip)
        #expect(tight.destination.center.id == "b-unit")
        #expect(tight.transferPlan?.center.id == "c-comprehensive")
    }

    @Test func coverageIsDecidedByTheDriveToAStrokeUnit() throws {
        let unit = Self.minutes(1)
        #expect(try Self.route(Self.policy([.coverageMaxMinutesToStrokeUnit: unit]), onset: 60).coverage == .inside)
        let beyond = try Self.route(Self.policy([.coverageMaxMinutesToStrokeUnit: unit.nextDown]), onset: 60)
        #expect(beyond.coverage == .beyond)
        #expect(beyond.decision == nil)
        #expect(beyond.beyondStrokeUnitMinutes == unit.nextDown)
        guard case .outside(let o) = beyond else { Issue.record("expected no destination"); return }
        #expect(o.reasons.map(\.key) == ["centers.reason.beyondStrokeUnit", "centers.reason.nearestStrokeUnitDrive", "centers.reason.regionalPlan"])
        #expect(o.nearest.first?.center.id == "a-lysis")
    }

    @Test func aStrokeUnitIsPreferredWithinItsLimit() throws {
        let extra = Self.minutes(1) - Self.minutes(0)
        let preferred = try #require(try Self.route(Self.policy([.strokeUnitPreferWithinMinutes: extra]), lvo: 0.1, onset: 60).decision)
        #expect(preferred.category == .thrombolysis)
        #expect(preferred.destination.center.id == "b-unit")
        #expect(preferred.reasons.map(\.key).contains("centers.reason.preferStrokeUnit"))
        #expect(!preferred.alternatives.map(\.center.id).contains("b-unit"))
        let nearer = try #require(try Self.route(Self.policy([.strokeUnitPreferWithinMinutes: extra.nextDown]), lvo: 0.1, onset: 60).decision)
        #expect(nearer.destination.center.id == "a-lysis")
    }
}
