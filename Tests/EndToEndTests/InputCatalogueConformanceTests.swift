import Foundation
import StrokeCloud
import StrokeJSON
import StrokeModels
import Testing
import CLITestSupport
import TestJSON

/// Issue 47's conformance test: it walks the input catalogue, not a list typed here. Every number
/// input of each module (onset and location included) is given with a value inside its range, with
/// decimals wherever the range allows them, and each form carries it under its catalogue name with
/// the value unchanged: the flag (`InputKey.flag`), JSON `inputs` (`json`), the batch column (`csv`),
/// the Cloud Functions request (`contractName`) and the FHIR Observation (its UCUM unit, `ucum`).
/// The OpenAPI ranges and the completions are checked per key in `GlucoseInputTests`.
@Suite struct InputCatalogueConformanceTests {
    /// A value inside the key's range: a whole number for a whole-number input, else one with two
    /// decimals (the exact value must survive every form), away from the edges.
    static func sample(_ key: InputKey) -> Double {
        let range = key.allowedRange ?? AllowedRange(lower: 0, upper: 1)
        let lower = range.lower ?? 0, upper = range.upper ?? lower + 100
        let inside = lower + (upper - lower) * 0.37
        return range.integer ? inside.rounded(.down) : (inside * 100).rounded(.down) / 100 + 0.01
    }

    /// The module's number inputs, onset and location included (`InputKey.assessmentKeys`).
    static func numbers(_ module: TriageModule) -> [InputKey] {
        InputKey.assessmentKeys(for: module).filter { !$0.isBoolean }
    }

    /// The values every number input of `module` is given, by key.
    static func values(_ module: TriageModule) -> [InputKey: Double] {
        var values = Dictionary(uniqueKeysWithValues: numbers(module).map { ($0, sample($0)) })
        // Systolic above diastolic, as the rules require (both samples are whole numbers in range).
        if let dbp = values[.dbp] { values[.sbp] = max(values[.sbp] ?? 0, dbp + 20) }
        // A place inside the centers' data (Würzburg), still with decimals, so the routing answers.
        values[.lat] = 49.79
        values[.lon] = 9.95
        return values
    }

    static func text(_ value: Double) -> String { JSONValue.number(value).serialized() }

    @Test(arguments: TriageModule.allCases)
    func everyNumberInputReachesEveryFormUnchanged(_ module: TriageModule) async throws {
        let values = Self.values(module)
        let flags = Self.numbers(module).flatMap { [$0.flag, Self.text(values[$0]!)] }
        let run = [module.rawValue] + flags + ["--mode", "offline"] + ModuleCommandTests.accept

        let json = try await ModuleCommandTests.run(run + ["--json"]).json()
        for key in Self.numbers(module) {
            #expect(json["inputs"][key.json].doubleValue == values[key], "JSON inputs.\(key.json)")
        }

        // The Cloud Functions request: the contract's names, the numbers exactly as given.
        let inputs = try TriageInputs(module: module, values: values)
        let body = switch module {
        case .coma: CloudRequest.coma(inputs)
        case .limited: CloudRequest.limited(inputs)
        case .full: CloudRequest.fullStroke(inputs)
        }
        let request = try JSONValue(parsing: Data(body.utf8))
        for key in InputKey.contractKeys(for: module) where !key.isBoolean {
            #expect(request[key.contractName!].doubleValue == values[key], "cloud \(key.contractName!)")
        }

        // FHIR: every measured quantity (a UCUM unit in the catalogue) is an Observation's value in that unit.
        let bundle = try await ModuleCommandTests.run(run + ["--fhir"]).json()
        let quantities = (bundle["entry"].arrayValue ?? []).flatMap { entry -> [JSONValue?] in
            let resource = entry["resource"]
            return [resource["valueQuantity"]] + (resource["component"].arrayValue ?? []).map { $0["valueQuantity"] }
        }
        for key in Self.numbers(module) {
            guard let ucum = key.ucum else { continue }
            #expect(quantities.contains { $0["value"].doubleValue == values[key] && $0["code"].stringValue == ucum },
                    "FHIR \(key.json) \(Self.text(values[key]!)) \(ucum)")
        }

        // The batch: the catalogue's column names, the values echoed as given.
        let header = Self.numbers(module).map(\.csv)
        let row = Self.numbers(module).map { Self.text(values[$0]!) }
        let batch = await InProcessCLI.run(["batch", "--module", module.rawValue, "--in", "-", "--out", "-", "--mode", "offline"],
                                           stdin: header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        let lines = batch.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let columns = try #require(lines.first), echoed = try #require(lines.dropFirst().first)
        for (name, value) in zip(header, row) {
            let index = try #require(columns.firstIndex(of: name), "batch column \(name)")
            #expect(echoed[index] == value, "batch \(name)")
        }
    }

    @Test func aWholeNumberInputWithAFractionIsRefusedByEveryModule() async {
        for module in TriageModule.allCases {
            for key in Self.numbers(module) where key.allowedRange?.integer == true {
                var values = Self.values(module)
                values[key] = (values[key] ?? 0) + 0.5
                #expect(throws: ModelsError.self, "\(module) \(key.json)") { try TriageInputs(module: module, values: values) }
            }
        }
    }
}
