import Foundation
import StrokeCloud
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import CLITestSupport
import TestJSON
import TriageRendering

/// Issue 47: blood glucose, added through the input catalogue alone, reaches every form: the flag and
/// its range, the decision (hypoglycaemia first, high glucose flagged), JSON, FHIR (LOINC 2339-0,
/// mg/dL), the batch columns and the OpenAPI schema; a number with decimals survives every form.
@Suite struct GlucoseInputTests {
    static let full = ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "120", "--fast-ed", "6"]

    @Test func hypoglycaemiaComesFirstInTheTextTheJSONAndTheFHIRBundle() async throws {
        let text = await ModuleCommandTests.run(Self.full + ["--glucose", "45"] + ModuleCommandTests.accept)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let flags = try #require(lines.first { $0.hasPrefix("Flags: ") })
        #expect(flags.hasPrefix("Flags: glucose 45 mg/dL: treat hypoglycaemia first – a stroke mimic is possible"))
        let consider = try #require(lines.firstIndex(of: "Consider"))
        #expect(lines[consider + 1].hasPrefix("  Glucose 45 mg/dL: treat the hypoglycaemia first"))

        let json = try await ModuleCommandTests.run(Self.full + ["--glucose", "45", "--json"] + ModuleCommandTests.accept).json()
        #expect(json["inputs"]["glucose"].doubleValue == 45)
        #expect(json["decision"]["recommendations"][0]["code"].stringValue == "rec.glucose.low")
        // The urgency stays: a mimic is possible, a stroke is not excluded.
        let without = try await ModuleCommandTests.run(Self.full + ["--json"] + ModuleCommandTests.accept).json()
        #expect(json["decision"]["urgency"] == without["decision"]["urgency"])
        #expect(without["inputs"]["glucose"].isNull)
        #expect(!(without["decision"]["recommendations"].arrayValue ?? []).contains { $0["code"].stringValue?.hasPrefix("rec.glucose") == true })

        let bundle = try await ModuleCommandTests.run(Self.full + ["--glucose", "45", "--fhir"] + ModuleCommandTests.accept).json()
        let observation = try #require((bundle["entry"].arrayValue ?? []).map { $0["resource"] }.first {
            $0["code"]["coding"][0]["code"].stringValue == "2339-0"
        })
        #expect(observation["code"]["coding"][0]["system"].stringValue == "http://loinc.org")
        #expect(observation["valueQuantity"]["value"].doubleValue == 45)
        #expect(observation["valueQuantity"]["code"].stringValue == "mg/dL")
        #expect(observation["category"][0]["coding"][0]["code"].stringValue == "laboratory")
    }

    @Test func highGlucoseIsFlaggedAndGermanReadsAsAGermanPhysicianWrites() async throws {
        let json = try await ModuleCommandTests.run(Self.full + ["--glucose", "450", "--json"] + ModuleCommandTests.accept).json()
        let codes = (json["decision"]["recommendations"].arrayValue ?? []).compactMap { $0["code"].stringValue }
        #expect(codes.contains("rec.glucose.high") && !codes.contains("rec.glucose.low"))
        let german = await ModuleCommandTests.run(Self.full + ["--glucose", "45", "--lang", "de"] + ModuleCommandTests.accept)
        #expect(german.stdout.contains("Hinweise: BZ 45 mg/dl: zuerst Hypoglykämie behandeln"), "\(german.stdout)")
        // The coma module's reminder to check glucose goes once glucose is entered.
        let coma = try await ModuleCommandTests.run(["coma", "--glucose", "100", "--json"] + ModuleCommandTests.accept).json()
        #expect(!(coma["decision"]["recommendations"].arrayValue ?? []).contains { $0["code"].stringValue == "rec.glucose" })
    }

    @Test(arguments: ["9", "1001", "9.99"])
    func aGlucoseOutsideItsRangeExits65NamingIt(_ value: String) async {
        let run = await ModuleCommandTests.run(Self.full + ["--glucose", value] + ModuleCommandTests.accept)
        #expect(run.status == 65, "\(value): \(run.stderr)")
        #expect(run.stderr.contains("Blood glucose") && run.stderr.contains("from 10 to 1000 mg/dL"), "\(run.stderr)")
    }

    @Test func aNumberWithDecimalsSurvivesJSONTheCloudRequestAndFHIRUnchanged() async throws {
        let arguments = Self.full.map { $0 == "120" ? "123.4" : $0 } + ["--glucose", "45.5"]
        let json = try await ModuleCommandTests.run(arguments + ["--json"] + ModuleCommandTests.accept).json()
        #expect(json["inputs"]["gfap"].doubleValue == 123.4 && json["inputs"]["glucose"].doubleValue == 45.5)
        var inputs = TriageInputs(module: .full, gfap: 123.4)
        inputs.set(.glucose, 45.5)
        #expect(CloudRequest.fullStroke(inputs).contains("\"gfap_value\":123.4"))
        let bundle = try await ModuleCommandTests.run(arguments + ["--fhir"] + ModuleCommandTests.accept).json()
        let values = (bundle["entry"].arrayValue ?? []).compactMap { $0["resource"]["valueQuantity"]["value"].doubleValue }
        #expect(values.contains(123.4) && values.contains(45.5))
    }

    @Test func theCatalogueReachesTheBatchColumnsAndTheOpenAPISchemaWithItsRange() async throws {
        let document = try JSONValue(parsing: Data(OpenAPIDocument.bytes))
        let schema = document["components"]["schemas"]["AssessInputs"]["properties"]
        for module in TriageModule.allCases {
            for key in InputKey.keys(for: module) + InputKey.context {
                let property = schema[key.json]
                #expect(property.object != nil, "\(key.json) not in AssessInputs")
                guard let range = key.allowedRange else { continue }
                // GFAP's schema starts at 0: a value under the assay's range is recorded as below range.
                let lower = key.belowRangeWords.isEmpty ? range.lower : 0
                #expect(property["minimum"].doubleValue == lower, "\(key.json) minimum")
                #expect(property["maximum"].doubleValue == range.upper, "\(key.json) maximum")
            }
        }
        let batch = await InProcessCLI.run(["batch", "--module", "limited", "--in", "-", "--out", "-", "--mode", "offline"],
                                           stdin: "age,sbp,dbp,gfap,glucose\n70,150,85,120,45.5\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        let rows = batch.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("age,sbp,dbp,gfap,glucose,ich_probability,") == true, "\(batch.stdout)")
        #expect(rows.dropFirst().first?.hasPrefix("70,150,85,120,45.5,") == true, "\(batch.stdout)")
    }

    /// The installed completions offer every input flag of each module command, from the catalogue.
    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionsOfferEveryCatalogueFlagOfEachModule(_ shell: String) async throws {
        let run = await InProcessCLI.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        for module in TriageModule.allCases {
            let flags = (InputKey.keys(for: module) + InputKey.context).map(\.flag)
            let section: String
            switch shell {
            case "fish": section = run.stdout.split(separator: "\n").filter { $0.contains("\"stroke-triage \(module.rawValue)\"") }.joined(separator: "\n")
            default:
                let start = try #require(run.stdout.range(of: "_stroke-triage_\(module.rawValue)() {"))
                section = String(run.stdout[start.upperBound...].prefix { $0 != "}" })
            }
            for flag in flags {
                let offered = shell == "fish" ? section.contains("-l '\(flag.dropFirst(2))'") : section.contains(flag + (shell == "zsh" ? "[" : " "))
                #expect(offered, "\(shell) \(module.rawValue): \(flag)")
            }
        }
        #expect(run.stdout.contains(shell == "fish" ? "-l 'glucose'" : "--glucose"))
    }

    /// Issue 46 (docs drift): JSON is always English, whatever `--lang` says: the routing's reasons and
    /// disclaimer too, for a module command and for `route`.
    @Test func jsonIsEnglishUnderLangDe() async throws {
        let module = try await ModuleCommandTests.run(Self.full + ["--near", "Würzburg", "--json", "--lang", "de"] + ModuleCommandTests.accept).json()
        let english = try await ModuleCommandTests.run(Self.full + ["--near", "Würzburg", "--json"] + ModuleCommandTests.accept).json()
        #expect(module["routing"]["reasons"] == english["routing"]["reasons"])
        #expect(module["routing"]["disclaimer"].stringValue?.hasPrefix("Research use only") == true)
        let route = try await InProcessCLI.run(["route", "--near", "Würzburg", "--lvo", "0.6", "--json", "--lang", "de"]).json()
        #expect(route["reasons"].arrayValue?.first?.stringValue?.contains("Klinik") == false)
        #expect(route["disclaimer"].stringValue?.hasPrefix("Research use only") == true)
    }
}
