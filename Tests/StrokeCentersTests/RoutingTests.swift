import StrokeCenters
import StrokeModels
import Testing

/// Every branch and edge of the routing decision, on a small hand-made dataset.
@Suite struct RoutingTests {
    static func center(_ id: String, _ lat: Double, _ lon: Double, _ level: CenterLevel) -> StrokeCenter {
        let caps: Capabilities
        switch level {
        case .neurosurgical: caps = Capabilities(neurosurgery: true, thrombectomy: true, thrombolysis: true, strokeUnit: true)
        case .comprehensive: caps = Capabilities(neurosurgery: false, thrombectomy: true, thrombolysis: true, strokeUnit: true)
        case .regionalStrokeUnit: caps = Capabilities(neurosurgery: false, thrombectomy: false, thrombolysis: true, strokeUnit: true)
        case .thrombolysisHospital: caps = Capabilities(neurosurgery: false, thrombectomy: false, thrombolysis: true, strokeUnit: false)
        }
        return StrokeCenter(id: id, name: id, coordinate: Coordinate(latitude: lat, longitude: lon), level: level, capabilities: caps)
    }

    /// Along the equator east of the origin (0, 0): lysis 10 km, stroke unit 20 km,
    /// comprehensive 40 km, neurosurgical 80 km, a second neurosurgical 120 km.
    static let dataset = try! CenterDataset(centers: [
        center("a-lysis", 0, 0.0899, .thrombolysisHospital),
        center("b-unit", 0, 0.1799, .regionalStrokeUnit),
        center("c-comprehensive", 0, 0.3597, .comprehensive),
        center("d-neuro", 0, 0.7194, .neurosurgical),
        center("e-neuro", 0, 1.0791, .neurosurgical),
    ], name: "test")
    static let origin = Coordinate(latitude: 0, longitude: 0)

    /// The default policy without the stroke-unit preference (a-lysis has none and b-unit is
    /// under 10 min farther), so each test here sees the one branch it is about;
    /// `theStrokeUnitIsPreferredWithinItsLimit` tests the preference.
    static var basePolicy: RoutingPolicy {
        var p = RoutingPolicy()
        p.rules = TriageProtocol(id: "no-preference", values: [.strokeUnitPreferWithinMinutes: 0], sha256: "")
        return p
    }

    static func route(ich: Double?, lvo: Double? = nil, fastEd: Double? = nil, onset: Double? = nil, policy: RoutingPolicy = RoutingTests.basePolicy) throws -> RoutingDecision {
        try decision(Router(dataset: dataset, policy: policy).route(RoutingRequest(origin: origin, ichProbability: ich, lvoProbability: lvo, fastEd: fastEd, onsetMinutes: onset)))
    }

    /// The decision of an outcome inside coverage.
    static func decision(_ outcome: RoutingOutcome) throws -> RoutingDecision {
        try #require(outcome.decision, "expected an origin inside coverage")
    }

    @Test func ichAtFiftyPercentGoesToNeurosurgeryOnlyWithinItsLimit() throws {
        // d-neuro (80 km) adds about 58 min over the nearest stroke unit b-unit (20 km): beyond the
        // protocol's 30 min, so the stroke unit first with neurosurgery as the transfer plan.
        let bounded = try Self.route(ich: 0.50, lvo: 0.9, onset: 30)
        #expect(bounded.category == .neurosurgicalTransfer)
        #expect(bounded.destination.center.id == "b-unit")
        #expect(bounded.transferPlan?.center.id == "d-neuro")
        #expect(bounded.urgency == .immediate)
        #expect(bounded.reasons.map(\.key) == ["centers.reason.ichHigh", "centers.reason.neurosurgeryTransfer"])
        var wide = Self.basePolicy
        wide.rules = TriageProtocol(id: "wide", values: [.ichBypassMaxExtraMinutes: 60, .strokeUnitPreferWithinMinutes: 0], sha256: "")
        let d = try Self.route(ich: 0.50, lvo: 0.9, onset: 30, policy: wide)
        #expect(d.category == .neurosurgical)
        #expect(d.destination.center.id == "d-neuro")
        #expect(d.transferPlan == nil)
        #expect(d.alternatives.map(\.center.id) == ["e-neuro"])
        #expect(d.reasons.map(\.key) == ["centers.reason.ichHigh", "centers.reason.neurosurgeryDirect", "centers.reason.preAlertNeurosurgery"])
    }

    @Test func anUncertainIchNeverBypasses() throws {
        for p in [0.4999, 0.30] {
            let lvo = try Self.route(ich: p, lvo: 0.9, onset: 30)
            #expect(lvo.category == .dripAndShip)
            #expect(lvo.destination.center.id == "a-lysis")
            #expect(lvo.urgency == .timeCritical)
            #expect(lvo.reasons.first?.key == "centers.reason.ichUncertainNoBypass")
            let window = try Self.route(ich: p, fastEd: 2, onset: 30)
            #expect(window.category == .thrombolysis)
            #expect(window.destination.center.id == "a-lysis")
            #expect(window.transferPlan?.center.id == "d-neuro")
        }
    }

    @Test func withoutADecisionGradeIchTheExamAndOnsetDecide() throws {
        let d = try Self.route(ich: nil, fastEd: 7, onset: 30)
        #expect(d.category == .dripAndShip)
        #expect(d.reasons.first?.key == "centers.reason.ichNotDecisionGrade")
        #expect(try Self.route(ich: nil, fastEd: 2, onset: 30).category == .thrombolysis)
    }

    /// Lysis is judged at the needle (issue 43): a (about 14.8 min away) can start it at onset 225 min
    /// (225 + 14.8 + 30 ≤ 270), not at 226; the urgency still follows the scene's onset.
    @Test func thrombolysisWindowEdges() throws {
        let inside = try Self.route(ich: 0.2999, lvo: 0.3333329, onset: 225)
        #expect(inside.category == .thrombolysis)
        #expect(inside.destination.center.id == "a-lysis")
        #expect(inside.urgency == .timeCritical)
        let needleLate = try Self.route(ich: 0.2999, lvo: 0.3333329, onset: 226)
        #expect(needleLate.category == .strokeUnit)
        #expect(needleLate.destination.center.id == "b-unit")
        #expect(needleLate.reasons.map(\.key).contains("centers.reason.needleAfterWindow"))
        #expect(needleLate.urgency == .timeCritical)
        let outside = try Self.route(ich: 0.2999, lvo: 0.3333329, onset: 270.5)
        #expect(outside.category == .strokeUnit)
        #expect(outside.destination.center.id == "b-unit")
        #expect(outside.urgency == .urgent)
        let unknown = try Self.route(ich: 0.1, fastEd: 3, onset: nil)
        #expect(unknown.category == .thrombolysis)
        #expect(unknown.reasons.contains { $0.key == "centers.reason.onsetUnknownWindow" })
    }

    @Test func lvoLikelyByProbabilityOrFastEd() throws {
        // Default drive model: comprehensive at 40 km vs lysis at 10 km = 29 min extra > 15 → drip-and-ship.
        // LVO suspected by the decision's one rule (LVOVerdict): the model at 0.333333, FAST-ED at 4.
        for d in [try Self.route(ich: 0.1, lvo: 0.333333, onset: 60), try Self.route(ich: 0.1, fastEd: 4, onset: 60)] {
            #expect(d.category == .dripAndShip)
            #expect(d.destination.center.id == "a-lysis")
            #expect(d.transferPlan?.center.id == "c-comprehensive")
            #expect(d.urgency == .timeCritical)
        }
        #expect(try Self.route(ich: 0.1, fastEd: 3, onset: 60).category == .thrombolysis)
        #expect(try Self.route(ich: 0.1, lvo: 0.3333329, onset: 60).category == .thrombolysis)
        // FAST-ED ≥ 4 counts even when the probability is below its threshold: clinical findings take
        // precedence over the estimate (the safer reading when the two disagree).
        #expect(try Self.route(ich: 0.1, lvo: 0.2, fastEd: 8, onset: 60).category == .dripAndShip)
        #expect(try Self.route(ich: 0.1, lvo: 0.2, fastEd: 3, onset: 60).category == .thrombolysis)
    }

    @Test func lvoOnsetEdgesAt24Hours() throws {
        // After the lysis window the limit is the protocol's 30 min: c-comprehensive (29 min extra) goes direct.
        let atLimit = try Self.route(ich: 0.1, lvo: 0.8, onset: 1440)
        #expect(atLimit.category == .thrombectomy)
        #expect(atLimit.reasons.contains { $0.key == "centers.reason.thrombectomyDirectLate" })
        let late = try Self.route(ich: 0.1, lvo: 0.8, onset: 1440.5)
        #expect(late.category == .strokeUnit)
        let unknown = try Self.route(ich: 0.1, lvo: 0.8, onset: nil)
        #expect(unknown.category == .dripAndShip)
        #expect(unknown.reasons.contains { $0.key == "centers.reason.onsetUnknownLvo" })
        var tight = Self.basePolicy
        tight.rules = TriageProtocol(id: "tight", values: [.lvoBypassMaxExtraMinutesLate: 15, .strokeUnitPreferWithinMinutes: 0], sha256: "")
        let afterLysisWindow = try Self.route(ich: 0.1, lvo: 0.8, onset: 600, policy: tight)
        #expect(afterLysisWindow.category == .dripAndShip)
        #expect(afterLysisWindow.reasons.contains { $0.key == "centers.reason.dripAndShipLate" })
    }

    @Test func extraMinutesLimitIsInclusive() throws {
        let drive = DriveTimeModel.standard
        let extra = Self.dataset.rank(2, from: Self.origin, drive: drive).driveMinutes - Self.dataset.rank(0, from: Self.origin, drive: drive).driveMinutes
        var atLimit = Self.basePolicy
        atLimit.rules = TriageProtocol(id: "at-limit", values: [.lvoBypassMaxExtraMinutes: extra, .lvoBypassMaxExtraMinutesLate: max(extra, 30), .strokeUnitPreferWithinMinutes: 0], sha256: "")
        let direct = try Self.route(ich: 0.1, lvo: 0.8, onset: 60, policy: atLimit)
        #expect(direct.category == .thrombectomy)
        #expect(direct.destination.center.id == "c-comprehensive")
        #expect(direct.transferPlan == nil)
        #expect(direct.extraMinutes == extra)
        var belowLimit = Self.basePolicy
        belowLimit.rules = TriageProtocol(id: "below-limit", values: [.lvoBypassMaxExtraMinutes: extra.nextDown, .strokeUnitPreferWithinMinutes: 0], sha256: "")
        #expect(try Self.route(ich: 0.1, lvo: 0.8, onset: 60, policy: belowLimit).category == .dripAndShip)
        // The default 15 min with a fast drive model: 30 km extra at 200 km/h ≈ 11.7 min → direct.
        var fast = Self.basePolicy
        fast.drive = DriveTimeModel(roadFactor: 1.3, speedKmh: 200, overheadMinutes: 5)
        #expect(try Self.route(ich: 0.1, lvo: 0.8, onset: 60, policy: fast).category == .thrombectomy)
    }

    @Test func farFromEveryCenterSuggestsNoDestination() throws {
        let far = try Router(dataset: Self.dataset).route(RoutingRequest(origin: Coordinate(latitude: 0, longitude: 180), ichProbability: 0.6))
        #expect(far.coverage == .outside)
        #expect(far.decision == nil)
        guard case .outside(let outside) = far else { Issue.record("expected outside"); return }
        #expect(outside.warnings.map(\.key) == ["centers.warning.notCovered"])
        #expect(outside.reasons.map(\.key) == ["centers.reason.outsideCoverage", "centers.reason.localProtocol"])
        // Information only: the nearest centers of any kind, closest first.
        #expect(outside.nearest.map(\.center.id) == ["e-neuro", "d-neuro", "c-comprehensive", "b-unit"])
        #expect(outside.coverageKm == RoutingPolicy.defaultCoverageKm)
        #expect(try Self.route(ich: 0.6).warnings.isEmpty)
    }

    /// The coverage distance is inclusive: a nearest center exactly at it is inside.
    @Test func coverageEdgeIsInclusive() throws {
        let router = Router(dataset: Self.dataset)
        let nearestKm = Self.dataset.rank(0, from: Self.origin, drive: .standard).distanceKm
        var atEdge = Self.basePolicy
        atEdge.coverageKm = nearestKm
        #expect(Router(dataset: Self.dataset, policy: atEdge).coverage(of: Self.origin) == .inside)
        #expect(try Self.route(ich: 0.1, lvo: 0.8, onset: 60, policy: atEdge).category == .dripAndShip)
        var belowEdge = Self.basePolicy
        belowEdge.coverageKm = nearestKm.nextDown
        let outside = try Router(dataset: Self.dataset, policy: belowEdge).route(RoutingRequest(origin: Self.origin, ichProbability: 0.1, lvoProbability: 0.8, onsetMinutes: 60))
        #expect(outside.coverage == .outside)
        guard case .outside(let o) = outside else { Issue.record("expected outside"); return }
        #expect(o.nearest.map(\.center.id) == ["a-lysis", "b-unit", "c-comprehensive", "d-neuro"])
        #expect(router.coverage(of: Self.origin) == .inside)
    }

    /// Paris is about 341 km from the nearest bundled center: no destination, whatever the estimates.
    @Test func parisIsOutsideTheBundledDataset() throws {
        let bundled = try BundledDataTests.bundled()
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        for request in [RoutingRequest(origin: paris, ichProbability: 0.7), RoutingRequest(origin: paris, ichProbability: 0.1, lvoProbability: 0.8, onsetMinutes: 60)] {
            let outcome = try Router(dataset: bundled).route(request)
            guard case .outside(let o) = outcome else { Issue.record("Paris must be outside coverage"); return }
            #expect(o.nearest.first.map { $0.distanceKm > 300 && $0.distanceKm < 400 } == true)
        }
    }

    @Test func noEligibleCenterIsAnError() throws {
        let small = try CenterDataset(centers: [Self.center("x", 0, 0.1, .regionalStrokeUnit)], name: "small")
        let noNeurosurgery = try Self.decision(Router(dataset: small).route(RoutingRequest(origin: Self.origin, ichProbability: 0.9)))
        #expect(noNeurosurgery.category == .strokeUnit)
        #expect(noNeurosurgery.reasons.contains { $0.key == "centers.reason.noNeurosurgicalCenter" })
        // A list without any stroke unit suggests no destination (coverage `beyond`, issue 43).
        let lysisOnly = try CenterDataset(centers: [Self.center("y", 0, 0.1, .thrombolysisHospital)], name: "lysis only")
        #expect(try Router(dataset: lysisOnly).route(RoutingRequest(origin: Self.origin, ichProbability: 0.9)).coverage == .beyond)
        // The LVO rule falls back when no thrombectomy center exists.
        let d = try Self.decision(Router(dataset: small).route(RoutingRequest(origin: Self.origin, ichProbability: 0.1, lvoProbability: 0.9, onsetMinutes: 10)))
        #expect(d.category == .thrombolysis)
        #expect(d.reasons.contains { $0.key == "centers.reason.noThrombectomyCenter" })
    }

    @Test func wuerzburgIsRoutedToWuerzburgNotBadenWuerttemberg() throws {
        let bundled = try BundledDataTests.bundled()
        let d = try Self.decision(Router(dataset: bundled).route(RoutingRequest(origin: Coordinate(latitude: 49.7939, longitude: 9.9512), ichProbability: 0.7)))
        #expect(d.destination.center.id == "uniklinikum-wuerzburg")
        #expect(d.warnings.isEmpty)
    }
}
