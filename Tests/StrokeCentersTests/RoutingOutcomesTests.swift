import StrokeCenters
import StrokeModels
import Testing

/// The expected outcome beside the routing (issue 27): when it applies, which
/// candidates, drive and transfer minutes and door times it uses, and that it
/// never changes the rule-based decision.
@Suite struct RoutingOutcomesTests {
    static let router = Router(dataset: RoutingTests.dataset)
    static let origin = RoutingTests.origin
    static let nihss14 = OutcomeSeverityInput(severity: .nihss(14))

    static func request(ich: Double? = 0.1, lvo: Double? = 0.8, fastEd: Double? = nil, onset: Double? = 60,
                        origin: Coordinate = origin) -> RoutingRequest {
        RoutingRequest(origin: origin, ichProbability: ich, lvoProbability: lvo, fastEd: fastEd, onsetMinutes: onset)
    }

    @Test func nearestLysisAndThrombectomyCentersWithTheRoutingsDriveTimes() throws {
        let o = try #require(Self.router.outcomes(Self.request(), Self.nihss14))
        guard case .estimate(let e, let lysis, let evt) = o else { Issue.record("expected an estimate"); return }
        #expect(lysis.center.id == "a-lysis")
        #expect(evt.center.id == "c-comprehensive")
        let drive = RoutingPolicy().drive
        let transfer = drive.minutes(forKm: GreatCircle.haversineKm(lysis.center.coordinate, evt.center.coordinate))
        #expect(e.strategies.map(\.kind) == [.thrombolysisCenter, .thrombectomyCenter, .dripAndShip])
        #expect(e.strategies[0].centerId == "a-lysis" && e.strategies[0].driveMinutes == lysis.driveMinutes)
        #expect(e.strategies[1].centerId == "c-comprehensive" && e.strategies[1].driveMinutes == evt.driveMinutes)
        #expect(e.strategies[2].transferCenterId == "c-comprehensive" && e.strategies[2].transferMinutes == transfer)
        #expect(e.lvoSource == .given && e.lvoProbability == 0.8 && e.nihss == 14)
        // The same numbers as the calculator with these minutes and the default door times.
        let direct = try OutcomeModel.estimate(OutcomeInputs(severity: .nihss(14), lvoProbability: 0.8, onsetMinutes: 60,
                                                             toThrombolysis: lysis.driveMinutes, toThrombectomy: evt.driveMinutes,
                                                             transfer: transfer))
        #expect(direct.strategies.map(\.pGoodOutcome) == e.strategies.map(\.pGoodOutcome))
    }

    @Test func appliesOnlyWithAnLVOInsideCoverageAndAKnownOnset() {
        #expect(Self.router.outcomes(Self.request(onset: nil), Self.nihss14) == nil)
        #expect(Self.router.outcomes(Self.request(lvo: nil), Self.nihss14) == nil)
        #expect(Self.router.outcomes(Self.request(origin: Coordinate(latitude: 10, longitude: 10)), Self.nihss14) == nil)
        // FAST-ED alone suspects an LVO: p(LVO) then comes from the NIHSS's RACE equivalent.
        let fastEd = Self.router.outcomes(Self.request(lvo: nil, fastEd: 6), Self.nihss14)
        #expect(fastEd?.estimate?.lvoSource == .nihssAsRace)
        // A known p(LVO) below the threshold still gets an estimate (the model weighs it).
        #expect(Self.router.outcomes(Self.request(lvo: 0.1), Self.nihss14)?.estimate != nil)
        // The model refuses an onset past 7 days: no estimate rather than an error.
        #expect(Self.router.outcomes(Self.request(onset: 20_000), Self.nihss14) == nil)
    }

    @Test func withoutNihssOrRaceItSaysWhatItNeeds() {
        #expect(Self.router.outcomes(Self.request(), OutcomeSeverityInput(severity: nil)) == .needsSeverity)
    }

    @Test func raceIsPreferredAndOurLVOModelIsNamed() throws {
        let input = OutcomeSeverityInput.preferringRace(race: 6, nihss: 20, lvoSource: .lvoModel)
        let e = try #require(Self.router.outcomes(Self.request(), input)?.estimate)
        #expect(e.severity == .race(6))
        #expect(e.nihss == OutcomeModel.nihss(fromRace: 6))
        #expect(e.lvoSource == .lvoModel && e.lvoProbability == 0.8)
        #expect(OutcomeSeverityInput.preferringRace(race: nil, nihss: 20).severity == .nihss(20))
        #expect(OutcomeSeverityInput.preferringRace(race: nil, nihss: nil).severity == nil)
    }

    @Test func doorTimesComeFromTheCentersDataWhenGiven() throws {
        let json = """
            [{"id":"lysis","name":"Lysis","lat":0,"lon":0.0899,"level":"thrombolysisHospital",
              "capabilities":{"thrombolysis":true},"doorToNeedleMinutes":30},
             {"id":"evt","name":"EVT","lat":0,"lon":0.3597,"level":"comprehensive",
              "capabilities":{"thrombectomy":true,"thrombolysis":true,"strokeUnit":true},
              "doorToNeedleMinutes":20,"doorToPunctureMinutes":60}]
            """
        let dataset = try CenterDataset(json: Array(json.utf8), name: "doors")
        let e = try #require(Router(dataset: dataset).outcomes(Self.request(), Self.nihss14)?.estimate)
        let lysisDrive = e.strategies[0].driveMinutes, evtDrive = e.strategies[1].driveMinutes
        #expect(e.strategies[0].onsetToNeedleMin == 60 + lysisDrive + 30)
        #expect(e.strategies[1].onsetToNeedleMin == 60 + evtDrive + 20)
        #expect(e.strategies[1].onsetToPunctureMin == 60 + evtDrive + 60)
        // The bundled-style record without door times keeps the model's defaults.
        let defaults = try #require(Self.router.outcomes(Self.request(), Self.nihss14)?.estimate)
        #expect(defaults.strategies[0].onsetToNeedleMin == 60 + defaults.strategies[0].driveMinutes + OutcomeModel.defaultThrombolysisDoorToNeedle)
        #expect(defaults.strategies[1].onsetToPunctureMin == 60 + defaults.strategies[1].driveMinutes + OutcomeModel.defaultDoorToPuncture)
    }

    @Test func aDoorTimeOutsideItsRangeIsRefusedNamingTheField() {
        let json = """
            [{"id":"x","name":"X","lat":0,"lon":0,"level":"comprehensive","capabilities":{},"doorToPunctureMinutes":-5}]
            """
        #expect(throws: CentersError.invalidField(record: "#1 (id 'x')", field: "doorToPunctureMinutes", expected: "minutes")) {
            try CenterDataset(json: Array(json.utf8), name: "bad")
        }
    }

    @Test func theRuleBasedDecisionIsTheSameWhateverTheOutcomeLayerSays() throws {
        // Router.route never reads the outcome layer: the same request gives the same decision
        // before and after estimating, over every rule.
        for ich in [nil, 0.1, 0.4, 0.6] as [Double?] {
            for lvo in [nil, 0.1, 0.5, 0.9] as [Double?] {
                for onset in [nil, 30, 200, 300, 2000] as [Double?] {
                    let r = Self.request(ich: ich, lvo: lvo, onset: onset)
                    let before = try Self.router.route(r)
                    _ = Self.router.outcomes(r, Self.nihss14)
                    #expect(try Self.router.route(r) == before)
                }
            }
        }
    }

    @Test func theRuleCategoriesMapToTheModelsStrategies() {
        #expect(RoutingDecision.Category.thrombectomy.outcomeStrategy == .thrombectomyCenter)
        #expect(RoutingDecision.Category.dripAndShip.outcomeStrategy == .dripAndShip)
        #expect(RoutingDecision.Category.thrombolysis.outcomeStrategy == .thrombolysisCenter)
        #expect(RoutingDecision.Category.neurosurgicalOrComprehensive.outcomeStrategy == nil)
    }
}
