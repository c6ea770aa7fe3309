import Foundation
import StrokeJSON
import StrokeModels
import Testing
import TestJSON
import TriageRendering

/// `outcomes --json` (`ModelJSON.outcomes`) against the peer's values: every case of
/// Tests/StrokeModelsTests/Fixtures/outcomes-peer.json, through the serialized JSON text, to 1e-12.
@Suite struct OutcomeJSONTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StrokeModelsTests/Fixtures/outcomes-peer.json")
    static func cases() -> [JSONValue] {
        guard let data = try? Data(contentsOf: fixture),
              let file = try? JSONValue(parsing: data).object else { return [] }
        return file["cases"].arrayValue ?? []
    }

    /// The model's inputs for one fixture case (door times `null`: the model's defaults).
    static func inputs(_ i: JSONValue) -> OutcomeInputs {
        func number(_ any: JSONValue?) -> Double? { any?.doubleValue }
        let hospitals = (i["thrombolysisHospitals"].arrayValue!).map {
            ThrombolysisHospital(driveMinutes: number($0["driveMinutes"])!, transferMinutes: number($0["transferMinutes"])!,
                                 doorToNeedleMinutes: number($0["doorToNeedleMinutes"]) ?? OutcomeModel.defaultThrombolysisDoorToNeedle)
        }
        let c = i["thrombectomyCenter"].object!
        let center = ThrombectomyCenter(
            driveMinutes: number(c["driveMinutes"])!,
            doorToNeedleMinutes: number(c["doorToNeedleMinutes"]) ?? OutcomeModel.defaultThrombectomyDoorToNeedle,
            doorToPunctureMinutes: number(c["doorToPunctureMinutes"]) ?? OutcomeModel.defaultDoorToPuncture)
        let severity: OutcomeInputs.Severity = number(i["race"]).map { .race($0) } ?? .nihss(number(i["nihss"])!)
        return OutcomeInputs(severity: severity, lvoProbability: number(i["lvo"]), onsetMinutes: number(i["onsetMinutes"])!,
                             thrombolysisHospital: hospitals[0], otherThrombolysisHospitals: Array(hospitals.dropFirst()),
                             thrombectomyCenter: center)
    }

    @Test func everyFixtureCaseMatchesThroughTheJSONText() throws {
        let cases = Self.cases()
        #expect(cases.count >= 200)
        let probabilities = ["pGoodOutcome", "pThrombolysis", "pThrombectomy", "pTransfer", "onsetToNeedleMin", "onsetToPunctureMin"]
        for c in cases {
            let input = c["input"].object!, expected = c["expected"].object!
            let id = input["id"].stringValue!
            let text = ModelJSON.outcomes(try OutcomeModel.estimate(Self.inputs(input))).serialized()
            let json = try #require(try JSONValue(parsing: Data(text.utf8)).object)
            #expect(abs((json["nihss"].doubleValue!) - (expected["nihss"].doubleValue!)) <= 1e-12, "\(id) nihss")
            #expect(abs((json["lvoProbability"].doubleValue!) - (expected["lvoProbability"].doubleValue!)) <= 1e-12, "\(id) lvo")
            let ours = json["strategies"].arrayValue!, theirs = expected["strategies"].arrayValue!
            #expect(ours.count == theirs.count, "\(id)")
            for (o, t) in zip(ours, theirs) {
                #expect(o["kind"].stringValue == t["kind"].stringValue && o["feasible"].boolValue == t["feasible"].boolValue, "\(id)")
                for key in probabilities {
                    switch (o[key].doubleValue, t[key].doubleValue) {
                    case let (a?, b?): #expect(abs(a - b) <= 1e-12, "\(id) \(key)")
                    case (nil, nil): break
                    default: Issue.record("\(id) \(key): \(String(describing: o[key])) vs \(String(describing: t[key]))")
                    }
                }
            }
            let best = (expected["bestKind"].stringValue) ?? (expected["noWindowDestination"].stringValue!)
            #expect(json["best"].stringValue == best, "\(id) best")
        }
    }

    @Test func keysAreThoseOfTheIssue() throws {
        let e = try OutcomeModel.estimate(OutcomeInputs(severity: .race(6), lvoProbability: nil, onsetMinutes: 60,
                                                        toThrombolysis: 15, toThrombectomy: 45, transfer: 40))
        guard case .object(let top) = ModelJSON.outcomes(e), case .array(let strategies)? = top.first(where: { $0.0 == "strategies" })?.1 else {
            Issue.record("not an object with strategies"); return
        }
        #expect(top.map(\.0) == ["model", "lvoSource", "lvoProbability", "nihss", "windowOpen", "strategies", "best", "marginPoints"])
        let keys = strategies.map { strategy -> [String] in
            guard case .object(let members) = strategy else { return [] }
            return members.map(\.0)
        }
        let probabilities = ["pGoodOutcome", "pThrombolysis", "pThrombectomy", "pTransfer", "feasible"]
        #expect(keys == [
            ["kind", "driveMinutes", "onsetToNeedleMin"] + probabilities,
            ["kind", "driveMinutes", "onsetToNeedleMin", "onsetToPunctureMin"] + probabilities,
            ["kind", "driveMinutes", "transferMinutes", "onsetToNeedleMin", "onsetToPunctureMin"] + probabilities,
        ])
    }

    @Test func centerIdsAppearWhenGiven() throws {
        let inputs = OutcomeInputs(severity: .nihss(14), lvoProbability: 0.8, onsetMinutes: 60,
                                   thrombolysisHospital: ThrombolysisHospital(id: "deg", driveMinutes: 10, transferMinutes: 50),
                                   thrombectomyCenter: ThrombectomyCenter(id: "pas", driveMinutes: 55))
        let text = ModelJSON.outcomes(try OutcomeModel.estimate(inputs)).serialized()
        #expect(text.contains(#"{"kind":"dripAndShip","centerId":"deg","transferCenterId":"pas","driveMinutes":10.0,"transferMinutes":50.0,"#))
        #expect(text.contains(#"{"kind":"thrombectomyCenter","centerId":"pas","driveMinutes":55.0,"#))
        #expect(text.contains(#""lvoSource":"given""#))
    }

    @Test func noWindowHasNoMarginAndNullProbabilities() throws {
        let e = try OutcomeModel.estimate(OutcomeInputs(severity: .race(7), lvoProbability: nil, onsetMinutes: 400,
                                                        toThrombolysis: 15, toThrombectomy: 45, transfer: 40))
        let text = ModelJSON.outcomes(e).serialized()
        #expect(text.contains(#""windowOpen":false"#) && text.contains(#""best":"thrombectomyCenter","marginPoints":null"#))
        #expect(text.contains(#""pGoodOutcome":null,"pThrombolysis":null,"pThrombectomy":null,"pTransfer":null,"feasible":false"#))
    }
}
