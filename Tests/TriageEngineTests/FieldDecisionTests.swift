import Foundation
import StrokeCenters
import StrokeJSON
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization
import TriageRendering

/// Issue 43: a decision fit for the field, on the bundled list and real places — lysis judged at the
/// needle, anticoagulation, an honest map, coma never "standard", children flagged, the protocol's new values
/// (the refused protocol files: `ProtocolDecisionTests.aBadProtocolFileIsRefusedNamingTheField`).
@Suite struct FieldDecisionTests {
    static func route(_ place: String, fastEd: Double, onset: Double?, anticoagulated: Bool = false) throws -> RoutingOutcome {
        try CentersQueries.route(from: .place(place), ich: nil, fastEd: fastEd, onsetMinutes: onset, anticoagulated: anticoagulated,
                                 config: AppConfig()).outcome
    }

    /// The medical director's examples: the nearer hospital cannot start lysis inside the window, so the
    /// after-window limit applies and the patient goes directly to thrombectomy.
    @Test(arguments: [
        ("Haßfurt", 240.0, false, "uniklinikum-wuerzburg"),
        ("Kaufbeuren", 220, false, "klinikum-augsburg"),
        ("Pfaffenhofen an der Ilm", 230, false, "klinikum-schwabing-muenchen"),
        ("Kelheim", 60, true, "uniklinikum-regensburg"),
    ])
    func noLysisToLoseMeansDirectToThrombectomy(_ place: String, _ onset: Double, _ anticoagulated: Bool, _ expected: String) throws {
        let d = try #require(try Self.route(place, fastEd: 6, onset: onset, anticoagulated: anticoagulated).decision)
        #expect(d.category == .thrombectomy, "\(place)")
        #expect(d.destination.center.id == expected, "\(place)")
        #expect(d.transferPlan == nil)
        #expect(d.reasons.map(\.key).contains(anticoagulated ? "centers.reason.lysisExcludedAnticoagulation" : "centers.reason.needleAfterWindow"))
        if place == "Kelheim" { #expect(d.extraMinutes.map { ($0 * 10).rounded() / 10 } == 17.5) }
    }

    /// The same places early in the window keep the drip-and-ship rule (lysis first, 15-min limit).
    @Test func earlyInTheWindowLysisComesFirst() throws {
        let d = try #require(try Self.route("Haßfurt", fastEd: 6, onset: 60).decision)
        #expect(d.category == .dripAndShip)
        #expect(d.transferPlan?.center.id == "uniklinikum-wuerzburg")
        #expect(d.reasons.map(\.key).contains("centers.reason.needleInWindow"))
        let kelheim = try #require(try Self.route("Kelheim", fastEd: 6, onset: 60).decision)
        #expect(kelheim.category == .dripAndShip)
    }

    @Test(arguments: ["Konstanz", "Friedrichshafen", "Minden", "Paderborn", "Garmisch-Partenkirchen"])
    func beyondAnHourToAListedStrokeUnitNoDestination(_ place: String) throws {
        let outcome = try Self.route(place, fastEd: 2, onset: 60)
        #expect(outcome.coverage == .beyond, "\(place)")
        #expect(outcome.decision == nil)
        #expect(outcome.beyondStrokeUnitMinutes == 60)
        for language in [Language.en, .de] {
            let line = Localizer(language: language).text("decision.summary.beyond", [.number(60, maxFractionDigits: 0)])
            #expect(line.contains("60") && line.count <= 80, "\(line)")
        }
    }

    @Test(arguments: ["Essen (Nordrhein-Westfalen)", "Bochum"])
    func aStrokeUnitIsChosenOverANearbyHospitalWithout(_ place: String) throws {
        let d = try #require(try Self.route(place, fastEd: 2, onset: 60).decision)
        #expect(d.destination.center.capabilities.strokeUnit, "\(place): \(d.destination.center.id)")
    }

    @Test func comaAtTwoThousandMinutesIsTimeCritical() async throws {
        var inputs = TriageInputs(module: .coma, gfap: 9000)
        inputs.onsetMinutes = 2000
        inputs.location = try CentersEnvironment.gazetteer.resolve("Würzburg").coordinate
        let outcome = try await ProtocolDecisionTests.assess(inputs)
        #expect(outcome.decision.urgency == .timeCritical)
        for onset in [0.0, 600, 1440, 1441, 10_080] {
            #expect(TriageUrgency(ichProbability: nil, lvoSuspected: nil, comatose: true, onsetMinutes: onset) == .timeCritical)
        }
    }

    @Test func reducedVigilanceRaisesThePosteriorCirculationAndChildrenAreFlagged() async throws {
        let place = ProtocolDecisionTests.places[0]
        var inputs = ProtocolDecisionTests.full(age: 17, fastEd: 2, onset: 60, at: place)
        inputs.reducedVigilance = true
        let outcome = try await ProtocolDecisionTests.assess(inputs)
        #expect(outcome.decision.recommendations.map(\.code).contains("rec.posterior.possible"))
        for language in [Language.en, .de] {
            let summary = DecisionRendering.summary(outcome.decision, assessment: outcome.assessment, routing: outcome.routing, Localizer(language: language))
            #expect(summary.last?.contains("18") == true, "\(summary)")
        }
        let adult = try await ProtocolDecisionTests.assess(ProtocolDecisionTests.full(age: 18, fastEd: 2, onset: 60, at: place))
        #expect(!adult.decision.recommendations.map(\.code).contains("rec.posterior.possible"))
    }

    @Test func theFourNewValuesAreListedWithUnitRangeSourceAndUse() throws {
        let json = ProtocolFile.json(.standard)
        for (key, value) in [("window.doorToNeedleMinutes", JSONValue.integer(30)), ("lysis.excludedByAnticoagulation", .bool(true)),
                             ("coverage.maxMinutesToStrokeUnit", .integer(60)), ("strokeUnit.preferWithinMinutes", .integer(10))] {
            let entry = try #require(json["values"]?[key])
            #expect(entry["value"] == value, "\(key)")
            #expect(entry["unit"]?.stringValue?.isEmpty == false)
            #expect(entry["source"]?.stringValue?.contains("docs/clinical-reference.md §13") == true)
            #expect(entry["usedIn"]?.stringArray == ["routing"])
        }
        let text = ProtocolFile.lines(.standard, Localizer(language: .de)).joined(separator: "\n")
        #expect(text.contains("window.doorToNeedleMinutes") && !text.contains("protocol.meaning"))
    }
}

/// Issue 46: a protocol file's error names the real cause: a missing file, or the line and column of a syntax error.
@Suite struct ProtocolFileErrorTests {
    @Test func aMissingFileAndASyntaxErrorNameTheirCause() throws {
        do { _ = try ProtocolFile.load("/nonexistent/protocol.json"); Issue.record("loaded a missing file") } catch {
            #expect(error.code == "protocol.unreadable" && error.category == .invalidData)
            #expect(error.message(Localizer(language: .en)).contains("does not exist"))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-triage-test-protocol-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\n  \"format\": \"x\",\n  \"id\": oops\n}\n".utf8).write(to: file)
        do { _ = try ProtocolFile.load(file.path); Issue.record("loaded bad JSON") } catch {
            #expect(error.message(Localizer(language: .en)).contains("line 3, column 9"), "\(error.message(Localizer(language: .en)))")
        }
    }
}

/// Issue 44: a result under a protocol other than the bundled default names it in the summary's flags line.
@Suite struct LocalProtocolSummaryTests {
    @Test func aLocalProtocolIsNamedInTheFlagsLine() async throws {
        let local = ProtocolFile.sealed(TriageProtocol(id: "lkr-example-2027.01", values: [.lvoBypassMaxExtraMinutes: 20], sha256: ""))
        let inputs = ProtocolDecisionTests.full(age: 70, fastEd: 6, onset: 60, at: ProtocolDecisionTests.places[0])
        let outcome = try await ProtocolDecisionTests.assess(inputs, rules: local)
        for language in [Language.en, .de] {
            let summary = DecisionRendering.summary(outcome.decision, assessment: outcome.assessment, routing: outcome.routing,
                                                    Localizer(language: language))
            #expect(summary.last?.contains("lkr-example-2027.01") == true, "\(summary)")
        }
        let standard = try await ProtocolDecisionTests.assess(inputs)
        let plain = DecisionRendering.summary(standard.decision, assessment: standard.assessment, routing: standard.routing, Localizer(language: .en))
        #expect(!plain.joined().contains("protocol"))
    }
}

/// No flag is ever cut off (a cut "…" once hid "anticoagulated" behind the glucose flag): with every flag at
/// once, the flags continue on indented lines, each line at most 80 columns, in both languages.
@Suite struct FlagsLineTests {
    @Test func everyFlagAtOnceIsShownWhole() async throws {
        let local = ProtocolFile.sealed(TriageProtocol(id: "lkr-example-2027.01", values: [.lvoBypassMaxExtraMinutes: 20], sha256: ""))
        var inputs = ProtocolDecisionTests.full(age: 17, fastEd: 6, onset: nil, at: ProtocolDecisionTests.places[0])
        inputs.set(.glucose, 45)
        inputs.anticoagulated = true
        inputs.sbp = 190
        inputs.dbp = 100
        let outcome = try await ProtocolDecisionTests.assess(inputs, rules: local)
        let expected: [Language: [String]] = [
            .en: ["glucose 45 mg/dL: treat hypoglycaemia first – a stroke mimic is possible", "anticoagulated",
                  "BP 190/100 above the lysis limit", "onset unknown", "under 18", "local protocol lkr-example-2027.01"],
            .de: ["BZ 45 mg/dl: zuerst Hypoglykämie behandeln – kann einen Schlaganfall vortäuschen", "antikoaguliert",
                  "RR 190/100 über der Lysegrenze", "Symptombeginn unbekannt", "unter 18", "lokales Protokoll lkr-example-2027.01"],
        ]
        for (language, flags) in expected {
            let summary = DecisionRendering.summary(outcome.decision, assessment: outcome.assessment, routing: outcome.routing,
                                                    Localizer(language: language))
            #expect(summary.count <= DecisionRendering.maximumSummaryLines, "\(summary)")
            #expect(summary.allSatisfy { $0.count <= DecisionRendering.summaryWidth && !$0.hasSuffix("…") }, "\(summary)")
            let joined = summary.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            for flag in flags { #expect(joined.contains(flag), "\(language): \(flag) missing from \(summary)") }
            #expect(summary.last?.hasPrefix("   ") == true, "the flags continue on indented lines: \(summary)")
        }
    }
}
