import StrokeCenters
import StrokeJSON
import StrokeModels
import Testing
import TriageLocalization
import TriageRendering

/// The expected outcome beside the routing as text and JSON (issue 27): the
/// reason shown exactly when the model's best strategy and the rule differ,
/// per kind of rule, in both languages.
@Suite struct RoutingOutcomeRenderingTests {
    static func center(_ id: String, _ lon: Double, thrombectomy: Bool) -> StrokeCenter {
        StrokeCenter(id: id, name: id, coordinate: Coordinate(latitude: 0, longitude: lon),
                     level: thrombectomy ? .comprehensive : .thrombolysisHospital,
                     capabilities: Capabilities(neurosurgery: false, thrombectomy: thrombectomy, thrombolysis: true, strokeUnit: thrombectomy))
    }

    /// Lysis 10 km east of the origin, thrombectomy center 40 km (about 29 min farther).
    static let dataset = try! CenterDataset(centers: [center("lysis", 0.0899, thrombectomy: false),
                                                      center("evt", 0.3597, thrombectomy: true)], name: "test")

    @Test func theReasonAppearsExactlyWhenModelAndRuleDiffer() throws {
        var seen: Set<String> = []
        for maxExtra in [15.0, 60.0] {
            var policy = RoutingPolicy()
            policy.rules = TriageProtocol(id: "limit", values: [.lvoBypassMaxExtraMinutes: maxExtra, .lvoBypassMaxExtraMinutesLate: max(maxExtra, 30)], sha256: "")
            let router = Router(dataset: Self.dataset, policy: policy)
            for ich in [nil, 0.1] as [Double?] {
                for (lvo, onset) in [(0.9, 20.0), (0.9, 150), (0.4, 60), (0.1, 60), (0.9, 300)] {
                    let request = RoutingRequest(origin: Coordinate(latitude: 0, longitude: 0), ichProbability: ich,
                                                 lvoProbability: lvo, onsetMinutes: onset)
                    let decision = try #require(try router.route(request).decision)
                    let outcomes = try #require(router.outcomes(request, OutcomeSeverityInput(severity: .nihss(14))))
                    let e = try #require(outcomes.estimate)
                    for language in [Language.en, .de] {
                        let l = Localizer(language: language)
                        let why = RoutingOutcomeRendering.disagreement(e, decision, policy: policy, l)
                        #expect((why == nil) == (decision.category.outcomeStrategy == e.best.kind || !e.bestIsMeaningful))
                        let lines = RoutingOutcomeRendering.lines(outcomes, decision: decision, policy: policy, l)
                        #expect(lines.contains { $0 == "! " + (why ?? "") } == (why != nil))
                        #expect(!lines.joined().contains("centers.outcomes"), "an untranslated key")
                    }
                    if let why = RoutingOutcomeRendering.disagreement(e, decision, policy: policy, Localizer(language: .en)) {
                        switch decision.category {
                        case .thrombectomy, .dripAndShip: #expect(why.contains("extra drive")); seen.insert("lvo")
                        case .neurosurgical, .neurosurgicalTransfer, .neurosurgicalOrComprehensive: #expect(why.contains("haemorrhage")); seen.insert("ich")
                        case .thrombolysis, .strokeUnit: #expect(why.contains("thrombolysis window")); seen.insert("window")
                        }
                    }
                    let json = RoutingRendering.json(.inside(decision), origin: request.origin, place: nil, policy: policy,
                                                     dataset: "test", outcomes: outcomes, Localizer(language: .en))
                    #expect(json["outcomes"] == ModelJSON.outcomes(e))
                }
            }
        }
        // Within the minimum margin no best strategy is named, so no disagreement is claimed.
        #expect(seen.isSubset(of: ["lvo", "ich", "window"]))
    }

    @Test func theNoteWithoutSeverityIsAWarningAndAJSONMember() {
        let l = Localizer(language: .en)
        #expect(RoutingOutcomeRendering.lines(.needsSeverity, decision: nil, policy: RoutingPolicy(), l)
            == ["! " + l.text(RoutingOutcomeRendering.needsSeverityCode)])
        let members = RoutingOutcomeRendering.members(.needsSeverity, l)
        #expect(members.map(\.0) == ["outcomesUnavailable"])
        #expect(members.first?.1["code"] == .string("centers.outcomes.needsSeverity"))
        #expect(RoutingOutcomeRendering.members(nil, l).isEmpty)
        #expect(RoutingOutcomeRendering.lines(nil, decision: nil, policy: RoutingPolicy(), l).isEmpty)
    }
}
