import StrokeCenters
import StrokeJSON
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization
import TriageRendering

/// The expected outcome by destination in `route` and the routing of an assessment
/// (issue 27), over the bundled centers.
@Suite struct RoutingOutcomesEngineTests {
    static let english = Localizer(language: .en)

    /// The routing object without the outcome layer's members.
    static func withoutOutcomes(_ json: JSONValue) -> JSONValue {
        guard case .object(let members) = json else { return json }
        return .object(members.filter { $0.0 != "outcomes" && $0.0 != "outcomesUnavailable" })
    }

    @Test func theRuleBasedDestinationIsUnchangedByTheOutcomeLayerOverAGrid() throws {
        var estimated = 0, disagreeing = 0
        for lat in stride(from: 47.4, through: 50.6, by: 0.8) {
            for lon in stride(from: 7.0, through: 13.4, by: 0.8) {
                for (ich, lvo, fastEd) in [(nil, 0.8, nil), (0.1, 0.8, nil), (0.1, 0.2, nil), (0.1, nil, 6.0), (0.4, 0.9, nil),
                                           (0.6, 0.9, nil), (0.1, nil, nil)] as [(Double?, Double?, Double?)] {
                    for onset in [nil, 45, 150, 250, 330, 2000] as [Double?] {
                        let request = RoutingRequest(origin: Coordinate(latitude: lat, longitude: lon), ichProbability: ich,
                                                     lvoProbability: lvo, fastEd: fastEd, onsetMinutes: onset)
                        let plain = try CentersQueries.route(request, config: AppConfig())
                        let layered = try CentersQueries.route(request, outcomes: OutcomeSeverityInput(severity: .nihss(14)),
                                                               config: AppConfig())
                        #expect(plain.outcome == layered.outcome)
                        #expect(plain.outcome.decision?.category == layered.outcome.decision?.category)
                        #expect(plain.outcome.decision?.destination == layered.outcome.decision?.destination)
                        #expect(plain.outcome.decision?.urgency == layered.outcome.decision?.urgency)
                        #expect(plain.outcome == (try Router(dataset: CentersEnvironment.bundled()).route(request)))
                        #expect(Self.withoutOutcomes(layered.json(Self.english)) == plain.json(Self.english))
                        if let e = layered.outcomes?.estimate, let d = layered.outcome.decision {
                            estimated += 1
                            if d.category.outcomeStrategy != e.best.kind { disagreeing += 1 }
                        }
                    }
                }
            }
        }
        // The grid exercises the layer (and cases where the model and the rules differ).
        #expect(estimated > 100)
        #expect(disagreeing > 0)
    }

    @Test func theIssuesDeggendorfExampleShowsTheThreeStrategies() throws {
        let answer = try CentersQueries.route(from: .place("Deggendorf"), ich: nil, lvo: 0.8, onsetMinutes: 60, nihss: 14,
                                              research: true, config: AppConfig())
        let json = answer.json(Self.english)
        let outcomes = try #require(json["outcomes"])
        #expect(outcomes["lvoSource"] == .string("given"))
        #expect(outcomes["nihss"]?.doubleValue == 14)
        guard case .array(let strategies)? = outcomes["strategies"] else { Issue.record("no strategies"); return }
        #expect(strategies.compactMap { $0["kind"]?.stringValue } == ["thrombolysisCenter", "thrombectomyCenter", "dripAndShip"])
        #expect(strategies.allSatisfy { $0["feasible"] == .bool(true) && $0["centerId"]?.stringValue != nil })
        #expect(strategies[2]["transferCenterId"]?.stringValue == strategies[1]["centerId"]?.stringValue)
        #expect(outcomes["best"]?.stringValue != nil && outcomes["marginPoints"]?.doubleValue != nil)
        // Beside the rule-based destination, never instead of it; hedged.
        // No decision-grade ICH: the exam decides (drip-and-ship: Regensburg adds far more than 15 min).
        #expect(json["category"] == .string("dripAndShip"))
        let text = answer.lines(Self.english).joined(separator: "\n")
        #expect(text.contains("Rule: "))
        #expect(text.contains("an estimated"))
        #expect(text.contains("chance of a good outcome at 90 days via"))
        #expect(text.contains(" differ: ") == (outcomes["best"]?.stringValue != "dripAndShip"))
        #expect(answer.outcomeTrace?.steps.contains { $0.id == "outcome.lvo" } == true)
    }

    @Test func withoutNihssTheOutputSaysTheEstimateNeedsIt() throws {
        let answer = try CentersQueries.route(from: .place("Deggendorf"), ich: 0.1, lvo: 0.8, onsetMinutes: 60, research: true,
                                              config: AppConfig())
        let json = answer.json(Self.english)
        #expect(json["outcomes"] == nil)
        #expect(json["outcomesUnavailable"]?["code"] == .string(RoutingOutcomeRendering.needsSeverityCode))
        #expect(answer.lines(Self.english).contains { $0.contains("needs the NIHSS or a RACE total") })
        #expect(answer.outcomeTrace == nil)
        // Not applicable (no onset): neither member.
        let noOnset = try CentersQueries.route(from: .place("Deggendorf"), ich: 0.1, lvo: 0.8, research: true, config: AppConfig())
            .json(Self.english)
        #expect(noOnset["outcomes"] == nil && noOnset["outcomesUnavailable"] == nil)
        // Without --research (a crew's route): no prognosis at all, even with the NIHSS.
        let crew = try CentersQueries.route(from: .place("Deggendorf"), ich: nil, lvo: 0.8, onsetMinutes: 60, nihss: 14, config: AppConfig())
        #expect(crew.json(Self.english)["outcomes"] == nil && crew.json(Self.english)["outcomesUnavailable"] == nil)
        #expect(!crew.lines(Self.english).joined().contains("good outcome"))
    }

    @Test func aNihssOutOfRangeIsACentersErrorNamingTheField() {
        #expect(throws: CentersError.self) {
            try CentersQueries.route(from: .place("Deggendorf"), ich: 0.1, lvo: 0.8, onsetMinutes: 60, nihss: 0, config: AppConfig())
        }
    }

    /// Issue 43: no prognosis in anything a crew sees. A module's routing carries no expected outcome, with a
    /// RACE from its scales or an NIHSS entered; the estimate stays in `route --research` and `outcomes`.
    @Test func anAssessmentsRoutingCarriesNoPrognosis() throws {
        var inputs = TriageInputs(module: .full, gfap: 50)
        inputs.age = 70
        inputs.sbp = 160
        inputs.dbp = 90
        inputs.fastEd = 7
        inputs.armParesis = true
        inputs.eyeDeviation = true
        inputs.onsetMinutes = 60
        inputs.location = try CentersEnvironment.gazetteer.resolve("Deggendorf").coordinate
        inputs.nihss = 20
        inputs.scales = [.race]
        inputs.scaleFindings = [.facialPalsy: 2, .armMotor: 2, .legMotor: 1, .gazeDeviation: 1, .aphasiaAgnosia: 1]
        for language in [Language.en, .de] {
            let summary = try #require(RoutingAdvisor.advise(try OfflinePredictionService().assessNow(inputs), localizer: Localizer(language: language),
                                                             config: AppConfig()))
            #expect(summary.json["outcomes"] == nil && summary.json["outcomesUnavailable"] == nil)
            #expect(summary.outcomeTrace == nil)
            #expect(!summary.lines.joined().contains("90"), "\(summary.lines)")
        }
    }
}
