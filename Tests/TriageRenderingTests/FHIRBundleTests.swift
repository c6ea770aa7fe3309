import AuditFormat
import Foundation
import GoldenFiles
import StrokeJSON
import StrokeModels
import Testing
import TriageRendering

/// The FHIR Bundle and the CDS Hooks cards built from the CLI's recorded `--json` objects
/// (docs/fhir.md): the numbers are the JSON's own, the ids are deterministic, no Patient is
/// invented, the cards follow the decision. The FHIR validation itself (fhir.resources) is
/// `FHIRValidationTests` (end to end).
@Suite struct FHIRBundleTests {
    static let goldens = ["coma-gfap500.json", "coma-gfap1500-assay.json", "limited-70-150-85-450.json", "limited-age17.json",
                          "full-near-wuerzburg.json", "full-onset.json", "full-all-true.json", "full-max.json"]
    static let time = Date(timeIntervalSince1970: 1_795_000_000)

    static func resources(_ bundle: JSONValue, _ type: String) -> [JSONValue] {
        (bundle["entry"]?.arrayValue ?? []).compactMap { $0["resource"] }.filter { $0["resourceType"]?.stringValue == type }
    }

    static func riskAssessment(_ bundle: JSONValue, _ outcome: String) -> JSONValue? {
        resources(bundle, "RiskAssessment").first { $0["code"]?["coding"]?.arrayValue?.first?["code"]?.stringValue == outcome }
    }

    @Test(arguments: goldens)
    func probabilitiesAreTheJSONsOwnNumbers(_ name: String) throws {
        let json = try JSONValue(parsing: try Golden.text(name))
        let bundle = FHIRBundle.make(json, recorded: Self.time)
        for outcome in ["ich", "lvo"] {
            let prediction = json[outcome] ?? .null
            let assessment = Self.riskAssessment(bundle, outcome)
            #expect(prediction.isNull == (assessment == nil), "\(name) \(outcome)")
            guard let assessment, let probability = prediction["probability"], !probability.isNull else { continue }
            let written = assessment["prediction"]?.arrayValue?.first?["probabilityDecimal"]
            // The same value, written with the same digits (`.number` both, one writer).
            #expect(written == probability, "\(name) \(outcome)")
            #expect(written?.serialized() == probability.serialized())
            #expect(assessment["method"]?["coding"]?.arrayValue?.first?["code"]?.stringValue == prediction["model"]?.stringValue)
        }
    }

    @Test(arguments: goldens)
    func theBundleIsDeterministicAndReferencesOnlyItsEntries(_ name: String) throws {
        let json = try JSONValue(parsing: try Golden.text(name))
        let bundle = FHIRBundle.make(json, recorded: Self.time)
        #expect(bundle.serialized() == FHIRBundle.make(json, recorded: Self.time).serialized())
        #expect(bundle["type"] == .string("collection"))
        let entries = bundle["entry"]?.arrayValue ?? []
        let urls = Set(entries.compactMap { $0["fullUrl"]?.stringValue })
        #expect(urls.count == entries.count)
        for entry in entries {
            #expect(entry["fullUrl"]?.stringValue == "urn:uuid:" + (entry["resource"]?["id"]?.stringValue ?? ""))
        }
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "reference", let text = member.stringValue { references.append(text) } else { collect(member) }
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(bundle)
        #expect(!references.isEmpty)
        #expect(references.allSatisfy(urls.contains), "\(name)")
        // No Patient without an identifier; with one, only that identifier.
        #expect(Self.resources(bundle, "Patient").isEmpty)
        let identified = FHIRBundle.make(json, recorded: Self.time, patientId: "ED-4711")
        let patients = Self.resources(identified, "Patient")
        #expect(patients.count == 1)
        #expect(patients.first?.keys == ["resourceType", "id", "identifier"])
        #expect(patients.first?["identifier"] == .array([.object([("value", .string("ED-4711"))])]))
        // Only the time differs between two times.
        let later = FHIRBundle.make(json, recorded: Self.time.addingTimeInterval(60)).serialized()
        #expect(later.replacingOccurrences(of: UTCTime.isoSeconds(Self.time.addingTimeInterval(60)), with: "T")
                == bundle.serialized().replacingOccurrences(of: UTCTime.isoSeconds(Self.time), with: "T"))
    }

    @Test func observationsCarryTheInputsWithTheirCodes() throws {
        let json = try JSONValue(parsing: try Golden.text("full-near-wuerzburg.json"))
        let bundle = FHIRBundle.make(json, recorded: Self.time)
        let observations = Self.resources(bundle, "Observation")
        func coded(_ system: String, _ code: String) -> JSONValue? {
            observations.first { $0["code"]?["coding"]?.arrayValue?.first?["system"]?.stringValue == system
                && $0["code"]?["coding"]?.arrayValue?.first?["code"]?.stringValue == code }
        }
        #expect(coded(FHIRVocabulary.loinc, "30525-0")?["valueQuantity"]?["value"] == .integer(70))
        let panel = coded(FHIRVocabulary.loinc, FHIRVocabulary.bpPanel)
        #expect(panel?["component"]?.arrayValue?.map { $0["valueQuantity"]?["value"] } == [.integer(150), .integer(85)])
        #expect(coded(FHIRVocabulary.inputSystem, "gfap")?["valueQuantity"]?["value"] == .number(450))
        #expect(coded(FHIRVocabulary.inputSystem, "fastEd")?["valueInteger"] == .integer(5))
        #expect(coded(FHIRVocabulary.inputSystem, "anticoagulated")?["valueBoolean"] == .bool(false))
        // Routed: the destination as a Location referenced from an EMER Encounter with the drive time.
        let location = Self.resources(bundle, "Location").first
        #expect(location?["name"] == json["routing"]?["destination"]?["name"])
        #expect(location?["position"]?["latitude"] == json["routing"]?["destination"]?["lat"])
        #expect(location?["telecom"]?.arrayValue?.first?["value"] == json["routing"]?["destination"]?["phone"])
        let encounter = Self.resources(bundle, "Encounter").first
        #expect(encounter?["class"]?["code"] == .string("EMER"))
        #expect(encounter?["location"]?.arrayValue?.first?["extension"]?.arrayValue?.last?["valueDuration"]?["value"]
                == json["routing"]?["destination"]?["driveMinutes"])
        // The decision: its Parameters carry every recommendation code and the protocol.
        let parameters = Self.resources(bundle, "Parameters").first?["parameter"]?.arrayValue ?? []
        let codes = parameters.filter { $0["name"] == .string("recommendation") }
            .compactMap { $0["part"]?.arrayValue?.first?["valueCoding"]?["code"]?.stringValue }
        #expect(codes == json["decision"]?["recommendations"]?.arrayValue?.compactMap { $0["code"]?.stringValue })
        #expect(parameters.contains { $0["name"] == .string("protocolSha256") && $0["valueString"] == json["decision"]?["protocol"]?["sha256"] })
        // The coma module: the finding, never a made-up GCS number.
        let coma = FHIRBundle.make(try JSONValue(parsing: try Golden.text("coma-gfap500.json")), recorded: Self.time)
        let comaCodes = Self.resources(coma, "Observation").compactMap { $0["code"]?["coding"]?.arrayValue?.first?["code"]?.stringValue }
        #expect(comaCodes == [FHIRVocabulary.comatose, "gfap"])
        #expect(Self.resources(coma, "Encounter").isEmpty)
    }

    @Test func eachScoredScaleIsAnObservationOfItsTotal() throws {
        guard case .object(var members) = try JSONValue(parsing: try Golden.text("full-onset.json")) else { return }
        let findings: [ScaleItem: Int] = [.facialPalsy: 2, .armMotor: 2, .legMotor: 1, .gazeDeviation: 1, .aphasiaAgnosia: 0]
        members.append(("scales", ScalesRendering.json(try ScaleReport(findings: findings, scales: [.race]), findings: findings)))
        let observations = Self.resources(FHIRBundle.make(.object(members), recorded: Self.time), "Observation")
        let race = observations.first { $0["code"]?["coding"]?.arrayValue?.first?["code"] == .string("raceTotal") }
        #expect(race?["valueInteger"] == .integer(6))
        #expect(race?["code"]?["coding"]?.arrayValue?.first?["system"] == .string(FHIRVocabulary.inputSystem))
    }

    @Test(arguments: goldens)
    func theCardsFollowTheDecision(_ name: String) throws {
        let json = try JSONValue(parsing: try Golden.text(name))
        let cards = CDSCards.answer(json)["cards"]?.arrayValue ?? []
        let urgency = try #require(json["decision"]?["urgency"]?.stringValue.flatMap(TriageUrgency.init(rawValue:)))
        #expect(cards.first?["indicator"] == .string(CDSCards.indicator(urgency)))
        #expect(cards.allSatisfy { ($0["summary"]?.stringValue?.count ?? 999) <= CDSCards.maximumSummary })
        // Issue 45: the card speaks to the emergency department: the urgency and the suspected condition first,
        // never the crew's prehospital destination line.
        let headline = cards.first?["summary"]?.stringValue ?? ""
        let urgencyWord = ModelJSON.english.text("decision.urgency.\(urgency.rawValue)")
        #expect(headline.lowercased().hasPrefix(urgencyWord.lowercased()), "\(name): \(headline)")
        #expect(!headline.contains("destination") && !headline.contains("Consider:"), "\(name): \(headline)")
        #expect(headline.contains("LVO") || headline.contains("ICH"), "\(name): \(headline)")
        let detail = cards.first?["detail"]?.stringValue ?? ""
        for code in json["decision"]?["recommendations"]?.arrayValue?.compactMap({ $0["code"]?.stringValue }) ?? [] {
            #expect(detail.contains("`\(code)`"), "\(name) \(code)")
        }
        #expect(detail.contains("Research use only"))
        #expect(cards.first?["source"]?["label"]?.stringValue?.contains(AppInfo.version) == true)
        // Offline, the ICH is the baseline: the second card says so.
        let baseline = json["ich"]?["source"] == .string("baseline") || json["lvo"]?["source"] == .string("baseline")
        #expect((cards.count == 2) == (baseline || json["ich"]?["fallbackReason"] != nil || json["lvo"]?["fallbackReason"] != nil))
    }

    @Test func indicatorsFollowTheUrgency() {
        #expect(TriageUrgency.allCases.map(CDSCards.indicator) == ["info", "warning", "critical", "critical"])
        #expect(CDSCards.cut(String(repeating: "x", count: 200)).count == 140)
    }
}
