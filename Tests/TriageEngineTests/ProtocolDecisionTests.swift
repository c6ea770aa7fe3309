import Foundation
import StrokeCenters
import StrokeJSON
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization
import TriageRendering

/// Issue 37: a decision a medical director can sign. Offline numbers that are not
/// decision-grade never route; every bypass is bounded; the protocol is data.
@Suite struct ProtocolDecisionTests {
    /// 30 places inside the bundled data's coverage (Bayern and Baden-Württemberg, a listed stroke unit
    /// within the protocol's drive time), spread over the gazetteer.
    static let places: [Gazetteer.Place] = {
        let router = Router(dataset: try! CentersEnvironment.bundled())
        let covered = CentersEnvironment.gazetteer.places.filter {
            ["Bayern", "Baden-Württemberg"].contains($0.region) && router.coverage(of: $0.coordinate) == .inside
        }
        let step = max(1, covered.count / 30)
        return Array(stride(from: 0, to: covered.count, by: step).map { covered[$0] }.prefix(30))
    }()

    static func full(age: Int, gfap: Double = 29, fastEd: Int, onset: Double?, at place: Gazetteer.Place) -> TriageInputs {
        var inputs = TriageInputs(module: .full, gfap: gfap)
        inputs.age = age
        inputs.sbp = 150
        inputs.dbp = 85
        inputs.fastEd = fastEd
        inputs.onsetMinutes = onset
        inputs.location = place.coordinate
        return inputs
    }

    static func assess(_ inputs: TriageInputs, rules: TriageProtocol? = nil) async throws -> AssessmentOutcome {
        try await AssessmentSession.assess(inputs, prediction: .offline, config: AppConfig(), output: OutputSettings(language: "en"), rules: rules)
    }

    static func nearest(_ place: Gazetteer.Place, need: String) throws -> RankedCenter {
        try #require(try CentersQueries.nearest(to: place.coordinate, limit: 1, need: need, config: AppConfig()).centers.first)
    }

    /// The nearest thrombolysis hospital the routing compares with: one with a stroke unit when it is
    /// at most `strokeUnit.preferWithinMinutes` (10) farther than a nearer one without.
    static func lysis(_ place: Gazetteer.Place) throws -> RankedCenter {
        let first = try nearest(place, need: "thrombolysis")
        guard !first.center.capabilities.strokeUnit else { return first }
        let unit = try nearest(place, need: "stroke-unit")
        return unit.center.capabilities.thrombolysis && unit.driveMinutes - first.driveMinutes <= 10 ? unit : first
    }

    @Test func theOfflineBaselineNeverChangesTheDestinationOrUrgency() async throws {
        #expect(Self.places.count == 30)
        for place in Self.places.prefix(10) {
            var seen: Set<String> = []
            for age in [19, 50, 70, 85, 92] {
                let outcome = try await Self.assess(Self.full(age: age, fastEd: 7, onset: 60, at: place))
                #expect(outcome.decision.ichUsed == false)
                seen.insert("\(outcome.routing?.destination?.center.id ?? "-") \(outcome.decision.urgency.rawValue)")
            }
            #expect(seen.count == 1, "\(place.displayName): \(seen)")
        }
    }

    @Test func aSuspectedLvoBypassesOnlyWithinFifteenMinutes() async throws {
        for place in Self.places {
            let lysis = try Self.lysis(place), evt = try Self.nearest(place, need: "thrombectomy")
            let outcome = try await Self.assess(Self.full(age: 70, fastEd: 7, onset: 60, at: place))
            let destination = try #require(outcome.routing?.destination)
            if evt.driveMinutes - lysis.driveMinutes <= 15 {
                #expect(destination.center.id == evt.center.id, "\(place.displayName)")
            } else {
                #expect(destination.center.id == lysis.center.id, "\(place.displayName)")
                #expect(outcome.routing?.transferPlan?.center.id == evt.center.id, "\(place.displayName)")
            }
            #expect(outcome.decision.urgency == .timeCritical)
        }
    }

    @Test func withoutASuspectedLvoTheNearestThrombolysisHospital() async throws {
        for place in Self.places {
            let lysis = try Self.lysis(place)
            let outcome = try await Self.assess(Self.full(age: 70, fastEd: 1, onset: 60, at: place))
            #expect(outcome.routing?.destination?.center.id == lysis.center.id, "\(place.displayName)")
            let route = try CentersQueries.route(RoutingRequest(origin: place.coordinate, ichProbability: 0.4, fastEd: 1, onsetMinutes: 60),
                                                 config: AppConfig())
            #expect(route.outcome.decision?.destination.center.id == lysis.center.id, "route --ich 0.4 never bypasses: \(place.displayName)")
        }
    }

    @Test func anotherLvoLimitInTheProtocolChangesTheRoutes() async throws {
        let wide = ProtocolFile.sealed(TriageProtocol(id: "wide", values: [.lvoBypassMaxExtraMinutes: 90], sha256: ""))
        var changed = 0
        for place in Self.places {
            let lysis = try Self.lysis(place), evt = try Self.nearest(place, need: "thrombectomy")
            let outcome = try await Self.assess(Self.full(age: 70, fastEd: 7, onset: 60, at: place), rules: wide)
            let expected = evt.driveMinutes - lysis.driveMinutes <= 90 ? evt.center.id : lysis.center.id
            #expect(outcome.routing?.destination?.center.id == expected, "\(place.displayName)")
            #expect(outcome.decision.protocolReference == wide.reference)
            if expected == evt.center.id, evt.driveMinutes - lysis.driveMinutes > 15 { changed += 1 }
        }
        #expect(changed > 0)
    }

    @Test func theStandardDigestIsTheCanonicalFilesAndTheDecisionNamesIt() async throws {
        #expect(ProtocolFile.digest(.standard) == TriageProtocol.standardSHA256)
        let printed = ProtocolFile.json(.standard)
        let reparsed = try ProtocolFile.parse(try JSONValue(parsing: printed.serialized()), file: "printed")
        #expect(reparsed == .standard)
        let outcome = try await Self.assess(Self.full(age: 70, fastEd: 7, onset: 60, at: Self.places[0]))
        let json = AssessmentSession.json(outcome)
        #expect(json["decision"]?["protocol"]?["sha256"] == printed["sha256"])
        #expect(json["decision"]?["protocol"]?["id"] == printed["id"])
        #expect(json["decision"]?["ichUsed"] == .bool(false))
    }

    @Test(arguments: [
        ("values", "lvo.fastEdFrom", #""lvo.fastEdFrom":{"value":4,"#, #""lvo.fastEdFrom":{"value":12,"#),
        ("values", "ich.immediateFrom", #""ich.immediateFrom":{"value":0.5,"#, #""ich.immediateFrom":{"value":"high","#),
        ("missing", "lvo.bypassMaxExtraMinutes", #""lvo.bypassMaxExtraMinutes":{"value":15,"#, #""lvo.bypassMaxExtraMinutesX":{"value":15,"#),
        ("unit", "window.thrombolysisMinutes.unit", #""value":270,"unit":"minutes""#, #""value":270,"unit":"hours""#),
        ("order", "ich.uncertainFrom", #""ich.uncertainFrom":{"value":0.3,"#, #""ich.uncertainFrom":{"value":0.6,"#),
        ("urgency", "urgency", #""urgency":["immediate","timeCritical""#, #""urgency":["timeCritical","immediate""#),
        // Issue 43: a zero or negative window, limits out of order, a boolean as a number, a stale sha256, a repeated member.
        ("window", "window.thrombolysisMinutes.value", #""window.thrombolysisMinutes":{"value":270,"#, #""window.thrombolysisMinutes":{"value":0,"#),
        ("window", "window.thrombectomyMinutes.value", #""window.thrombectomyMinutes":{"value":1440,"#, #""window.thrombectomyMinutes":{"value":-5,"#),
        ("limits", "lvo.bypassMaxExtraMinutesAfterLysisWindow", #""lvo.bypassMaxExtraMinutesAfterLysisWindow":{"value":30,"#,
         #""lvo.bypassMaxExtraMinutesAfterLysisWindow":{"value":10,"#),
        ("reminder", "ich.reminderFrom", #""ich.reminderFrom":{"value":0.25,"#, #""ich.reminderFrom":{"value":0.6,"#),
        ("boolean", "lysis.excludedByAnticoagulation.value", #""lysis.excludedByAnticoagulation":{"value":true,"#,
         #""lysis.excludedByAnticoagulation":{"value":1,"#),
        ("sha256", "sha256", #""sha256":""#, #""sha256":"00"#),
        ("repeated", "id", #""id":"stroke-triage-default-2026.12","#, #""id":"stroke-triage-default-2026.12","id":"other","#),
    ])
    func aBadProtocolFileIsRefusedNamingTheField(_ kind: String, _ field: String, _ find: String, _ replace: String) throws {
        let text = ProtocolFile.json(.standard).serialized()
        #expect(text.contains(find), "\(kind)")
        let broken = try JSONValue(parsing: text.replacingOccurrences(of: find, with: replace))
        do {
            _ = try ProtocolFile.parse(broken, file: "p.json")
            Issue.record("accepted a bad protocol (\(kind))")
        } catch {
            #expect(error.code == "protocol.invalid")
            #expect(error.category == .invalidData)
            let message = error.message(Localizer(language: .en))
            #expect(message.contains(kind == "missing" ? "lvo.bypassMaxExtraMinutesX" : field) || message.contains(field), "\(message)")
        }
    }

    @Test func aDirectorEditsOneValueAndLoadsTheFile() throws {
        // The director edits a value and removes the stale sha256 member (a stale one is refused: FieldDecisionTests).
        let text = ProtocolFile.json(.standard, digest: false).serialized()
            .replacingOccurrences(of: #""lvo.bypassMaxExtraMinutes":{"value":15,"#, with: #""lvo.bypassMaxExtraMinutes":{"value":20,"#)
        let edited = try ProtocolFile.parse(try JSONValue(parsing: text), file: "edited")
        #expect(edited[.lvoBypassMaxExtraMinutes] == 20)
        #expect(edited.sha256 != TriageProtocol.standardSHA256)
        #expect(edited.sha256 == ProtocolFile.digest(edited))
    }

    @Test func flagsAHospitalNeedsGiveTheirCodes() async throws {
        var inputs = Self.full(age: 70, fastEd: 2, onset: 60, at: Self.places[0])
        inputs.anticoagulated = true
        inputs.sbp = 190
        inputs.dbp = 100
        let outcome = try await Self.assess(inputs)
        let codes = outcome.decision.recommendations.map(\.code)
        #expect(codes.contains("rec.anticoagulation"))
        #expect(codes.contains("rec.bp.aboveLysisLimit"))
        let summary = DecisionRendering.summary(outcome.decision, assessment: outcome.assessment, routing: outcome.routing, Localizer(language: .en))
        #expect(summary.count <= 5)
        #expect(summary[0].hasPrefix("Consider: "))
        #expect(summary[1].hasPrefix("Urgency: "))
        #expect(summary.last?.contains("anticoagulated") == true)
        var calm = Self.full(age: 70, fastEd: 2, onset: 60, at: Self.places[0])
        calm.sbp = 184
        calm.dbp = 109
        #expect(!(try await Self.assess(calm)).decision.recommendations.map(\.code).contains("rec.bp.aboveLysisLimit"))
    }

    @Test func comaMentionsBasilarOcclusionAndGlucoseAndNoPrognosis() async throws {
        for gfap in [29.0, 500, 10_001] {
            let outcome = try await Self.assess(TriageInputs(module: .coma, gfap: gfap))
            let codes = outcome.decision.recommendations.map(\.code)
            #expect(codes.contains("rec.coma.basilar") && codes.contains("rec.glucose"))
            for language in [Language.en, .de] {
                let l = Localizer(language: language)
                let text = ResultRenderer(localizer: l, style: TextStyle(colour: false, width: 200)).lines(outcome).joined(separator: "\n")
                #expect(!text.contains("Broderick") && !text.contains("%1$@"))
                #expect(!text.contains(" 0 %") && !text.contains("100 %"), "\(text)")
            }
            let json = AssessmentSession.json(outcome).serialized()
            #expect(!json.contains("mortality"))
        }
    }

    @Test func urgencyReadsInOrderWithoutACliff() {
        #expect(TriageUrgency.mostUrgentFirst == [.immediate, .timeCritical, .urgent, .standard])
        #expect(TriageUrgency.immediate > .timeCritical && TriageUrgency.timeCritical > .urgent && TriageUrgency.urgent > .standard)
        // A suspected LVO in the window is at least as urgent as an uncertain ICH.
        #expect(TriageUrgency(ichProbability: nil, lvoSuspected: true, onsetMinutes: 600) >= TriageUrgency(ichProbability: 0.4, lvoSuspected: false, onsetMinutes: 600))
        // No cliff at 271 min: a suspected stroke within 24 h is never the least urgent.
        for minutes in [0.0, 270, 271, 600, 1440] {
            #expect(TriageUrgency(ichProbability: nil, lvoSuspected: false, onsetMinutes: minutes) != .standard)
        }
        #expect(TriageUrgency(ichProbability: nil, lvoSuspected: false, onsetMinutes: 1441) == .standard)
        #expect(TriageUrgency(ichProbability: nil, lvoSuspected: false, onsetMinutes: nil) == .timeCritical)
    }

    @Test func roundingNeverContradictsARule() {
        let l = Localizer(language: .en)
        #expect(l.percent(0.2996) == "29.96 %")
        #expect(l.percent(0.4996) == "49.96 %")
        #expect(l.percent(0.5) == "50 %")
        #expect(l.percent(0.37) == "37 %")
        #expect(l.percent(0.001) == "< 1 %")
        #expect(l.percent(0.9999) == "> 99 %")
        #expect(Localizer(language: .de).percent(0.2996) == "29,96 %")
        for p in stride(from: 0.001, to: 0.999, by: 0.0007) {
            let digits = PercentDisplay.fractionDigits(p)
            let shown = ((p * 100) * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
            for edge in PercentDisplay.edges { #expect((shown >= edge * 100) == (p >= edge), "\(p) vs \(edge)") }
        }
    }
}
