import CLITestSupport
import Foundation
import StrokeJSON
import Testing
import TestScratch
import TriageRendering

/// `--fhir` and the CDS Hooks service against real FHIR tooling (issue 36): every Bundle the
/// module commands write (three modules, English and German, with and without routing, with a
/// patient identifier) and every card set the local API answers for them are validated by
/// fhir.resources' R4B models in one Python process (`Scripts/fhir-validate.py`); the Bundle's
/// probabilities are `--json`'s own; a CDS Hooks request made of a Bundle's Observations gives
/// the decision of the command that made the Bundle.
@Suite struct FHIRValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let offline = ["--mode", "offline", "--accept-disclaimer"]
    static let modules: [(name: String, arguments: [String])] = [
        ("coma", ["coma", "--gfap", "500"]),
        ("limited", ["limited", "--age", "70", "--sbp", "190", "--dbp", "115", "--gfap", "450", "--onset-minutes", "120"]),
        ("full", ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--fast-ed", "5", "--anticoagulated",
                  "--gfap-assay", "istat-tbi"]),
    ]

    /// The Observations of a Bundle as a CDS Hooks `patient-view` request's prefetch (a searchset Bundle).
    static func hookRequest(_ bundle: JSONValue) -> String {
        let observations = (bundle["entry"]?.arrayValue ?? []).filter { $0["resource"]?["resourceType"] == .string("Observation") }
        return JSONValue.object([
            ("hookInstance", .string("d1577c69-dfbe-44ad-ba6d-3e05e953b2ea")),
            ("hook", .string("patient-view")),
            ("context", .object([("userId", .string("Practitioner/1")), ("patientId", .string("1"))])),
            ("prefetch", .object([("observations", .object([
                ("resourceType", .string("Bundle")), ("type", .string("searchset")),
                ("entry", .array(observations.map { .object([("resource", $0["resource"] ?? .null)]) })),
            ]))])),
        ]).serialized()
    }

    @Test func probabilitiesEqualTheJSONsExactly() async throws {
        for module in Self.modules {
            let json = try JSONValue(parsing: await InProcessCLI.run(module.arguments + Self.offline + ["--json"]).stdout)
            let bundle = try JSONValue(parsing: await InProcessCLI.run(module.arguments + Self.offline + ["--fhir"]).stdout)
            for outcome in ["ich", "lvo"] {
                let assessment = (bundle["entry"]?.arrayValue ?? []).compactMap { $0["resource"] }.first {
                    $0["resourceType"] == .string("RiskAssessment") && $0["code"]?["coding"]?.arrayValue?.first?["code"] == .string(outcome)
                }
                let probability = json[outcome]?["probability"]
                #expect(assessment?["prediction"]?.arrayValue?.first?["probabilityDecimal"] == probability, "\(module.name) \(outcome)")
                if let probability, !probability.isNull, let written = assessment?["prediction"]?.arrayValue?.first?["probabilityDecimal"]?.doubleValue {
                    #expect(written.bitPattern == probability.doubleValue?.bitPattern)
                }
            }
        }
    }

    @Test func fhirIsAUsageErrorWithJSONAndThePatientIdNeedsIt() async {
        let both = await InProcessCLI.run(["coma", "--gfap", "500", "--json", "--fhir"] + Self.offline)
        #expect(both.status == 64)
        #expect(both.stdout.isEmpty)
        #expect(await InProcessCLI.run(["coma", "--gfap", "500", "--patient-id", "X"] + Self.offline).status == 64)
        let walk = await InProcessCLI.run(["walk", "--fhir", "--json"])
        #expect(walk.status == 64)
    }

    @Test func theWalkthroughWritesItsResultAsFHIR() async throws {
        // Comatose: yes; GFAP 500; the rest left empty (no onset, no place, no report).
        let run = await InProcessCLI.run(["walk", "--fhir", "--mode", "offline", "--accept-disclaimer"], stdin: "y\n500\n\n\n\n\n")
        let bundle = try JSONValue(parsing: run.stdout)
        #expect(bundle["resourceType"] == .string("Bundle"), "\(run.stderr)")
    }

    @Test("every Bundle and card set validates with fhir.resources (R4B); a Bundle's Observations give its decision")
    func validatedByFHIRResources() async throws {
        let folder = TestScratch.directory("fhir")
        defer { try? FileManager.default.removeItem(at: folder) }
        var hooks: [(name: String, request: String, json: JSONValue)] = []
        for module in Self.modules {
            for lang in ["en", "de"] {
                for routed in [false, true] {
                    let arguments = module.arguments + Self.offline + ["--lang", lang] + (routed ? ["--near", "Würzburg"] : [])
                    let run = await InProcessCLI.run(arguments + ["--fhir"])
                    #expect(run.status == 0, "\(arguments) \(run.stderr)")
                    let name = "\(module.name)-\(lang)" + (routed ? ".routed" : "")
                    try Data(run.stdout.utf8).write(to: folder.appendingPathComponent(name + ".bundle.json"))
                    let json = try JSONValue(parsing: await InProcessCLI.run(arguments + ["--json"]).stdout)
                    hooks.append((name, Self.hookRequest(try JSONValue(parsing: run.stdout)), json))
                }
            }
            let identified = await InProcessCLI.run(module.arguments + Self.offline + ["--fhir", "--patient-id", "ED-4711"])
            try Data(identified.stdout.utf8).write(to: folder.appendingPathComponent("\(module.name).patient.bundle.json"))
        }
        let hookList = hooks
        try await LocalAPIInProcess.withServer { base in
            let discovery = try await LocalAPIHTTP.send([.get("/cds-services")], to: base)[0]
            #expect(discovery.status == 200)
            try Data(discovery.body.utf8).write(to: folder.appendingPathComponent("services.discovery.json"))
            for hook in hookList {
                let answer = try await LocalAPIHTTP.send([.post("/cds-services/stroke-triage", hook.request)], to: base)[0]
                #expect(answer.status == 200, "\(hook.name) \(answer.body)")
                try Data(answer.body.utf8).write(to: folder.appendingPathComponent(hook.name + ".cards.json"))
                // The round trip: the same decision (the request has no location, so the cards are those of the
                // command's JSON without its routing; urgency, LVO verdict and recommendations never depend on it).
                let assessed = try await LocalAPIHTTP.send([.post("/v1/assess", Self.assessBody(hook.json))], to: base)[0]
                let decision = try JSONValue(parsing: assessed.body)["decision"]
                for member in ["urgency", "ichUsed", "lvoSuspected", "lvoBasis", "recommendations", "protocol"] {
                    #expect(decision?[member] == hook.json["decision"]?[member], "\(hook.name) \(member)")
                }
                let cards = try JSONValue(parsing: answer.body)
                #expect(cards == CDSCards.answer(try JSONValue(parsing: assessed.body)), "\(hook.name)")
            }
        }
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                             ["python3", Self.root.appendingPathComponent("Scripts/fhir-validate.py").path, folder.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("fhir-validate: \(3 * 4 + 3 + 1 + 12) of \(3 * 4 + 3 + 1 + 12) files valid"), "\(run.stdout)")
    }

    /// The `/v1/assess` body of a command's JSON inputs (no location: as the CDS request gives none).
    static func assessBody(_ json: JSONValue) -> String {
        let inputs = (json["inputs"]?.objectMembers ?? []).filter { !["lat", "lon", "gfapStatus"].contains($0.0) && !$0.1.isNull }
        return JSONValue.object([("module", json["module"] ?? .null), ("inputs", .object(inputs))]).serialized()
    }
}
