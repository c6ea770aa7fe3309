import Foundation
@testable import StrokeCloud
import StrokeLocalAPI
import StrokeModels
import Testing

/// The contract answers, computed in process and read back through this
/// project's own cloud decoders: the numbers are the local models' to the last
/// bit, and the labels make the client show the truth (LVO local, ICH baseline).
@Suite struct ContractAnswerTests {
    /// The answer of one contract function, named by its path.
    static func answer(_ path: String, _ json: String) throws -> WireValue {
        let route = LocalAPIRoutes.predictionRoutes.first { $0.path == path }!
        return try route.answer(try WireBody(Array(json.utf8)))
    }

    static func failure(_ path: String, _ json: String) -> LocalAPIError? {
        do { _ = try answer(path, json); return nil } catch { return error as? LocalAPIError }
    }

    static func full(age: Int = 70, sbp: Int = 160, dbp: Int = 90, gfap: Double = 180, fastEd: Int = 7, flags: Int = 0) -> String {
        let names = ["headache", "beinparese", "eye_deviation", "armparese", "vigilanzminderung", "atrial_fibrillation",
                     "anticoagulated_noak", "antiplatelets"]
        return "{\"age_years\":\(age),\"systolic_bp\":\(sbp),\"diastolic_bp\":\(dbp),\"gfap_value\":\(gfap),\"fast_ed_score\":\(fastEd),"
            + names.map { "\"\($0)\":\(flags)" }.joined(separator: ",") + "}"
    }

    @Test(arguments: [(29.0, 0.0), (180, 7), (10001, 9), (0, 0), (500, -3), (60, 20), (1234.5, 4)])
    func lvoIsTheLocalModelToTheLastBit(_ gfap: Double, _ fastEd: Double) throws {
        let text = try Self.answer("/predict_lvo", "{\"gfap_value\":\(gfap),\"fast_ed_score\":\(fastEd)}").text
        let decoded = try CloudDecoder.lvo(Array(text.utf8))
        let local = try LVOModel.predict(gfap: gfap, fastEd: fastEd)
        #expect(decoded.probability == local.probability)
        #expect(decoded.claimedSource == .local)
        #expect(decoded.modelName == LVOModel.version)
    }

    @Test(arguments: [29.0, 100, 500, 5000, 10001])
    func comaIsTheBaselineAtTheCohortAgeAndLabelledSo(_ gfap: Double) throws {
        let text = try Self.answer("/predict_coma_ich", "{\"gfap_value\":\(gfap)}").text
        let decoded = try CloudDecoder.coma(Array(text.utf8))
        let local = try OfflinePredictionService.ich(TriageInputs(module: .coma, gfap: gfap))
        #expect(decoded.probability == local.probability)
        #expect(decoded.claimedSource == .baseline)
        #expect(decoded.modelName == ICHBaseline.version)
        // The client shows it as the baseline's own prediction, never as a cloud model's.
        let shown = CloudPredictionService.prediction(decoded, .comaICH, local: local)
        #expect(shown == local)
        #expect(shown.source == .baseline)
    }

    @Test(arguments: [(18, 60, 30, 29.0, 0), (70, 150, 85, 450, 1), (120, 300, 200, 10001, 0), (45, 120, 119, 77.7, 1)])
    func limitedIsTheBaselineAndLabelledSo(_ age: Int, _ sbp: Int, _ dbp: Int, _ gfap: Double, _ vigilance: Int) throws {
        let json = "{\"age_years\":\(age),\"systolic_bp\":\(sbp),\"diastolic_bp\":\(dbp),\"gfap_value\":\(gfap),\"vigilanzminderung\":\(vigilance)}"
        let decoded = try CloudDecoder.limited(Array(try Self.answer("/predict_limited_data_ich", json).text.utf8))
        var inputs = TriageInputs(module: .limited, gfap: gfap)
        inputs.age = age
        let local = try OfflinePredictionService.ich(inputs)
        #expect(decoded.probability == local.probability)
        #expect(CloudPredictionService.prediction(decoded, .limitedICH, local: local).source == .baseline)
    }

    @Test(arguments: [0, 1])
    func fullStrokeGivesBaselineICHAndLocalLVO(_ flags: Int) throws {
        let text = try Self.answer("/predict_full_stroke", Self.full(flags: flags)).text
        let decoded = try CloudDecoder.fullStroke(Array(text.utf8))
        var inputs = TriageInputs(module: .full, gfap: 180)
        (inputs.age, inputs.fastEd) = (70, 7)
        #expect(decoded.ich.probability == (try OfflinePredictionService.ich(inputs)).probability)
        #expect(decoded.ich.claimedSource == .baseline)
        #expect(decoded.lvo?.probability == (try OfflinePredictionService.lvo(inputs))?.probability)
        #expect(decoded.lvo?.claimedSource == .local)
    }

    @Test func anAnswerWhoseNumberTheClientCannotReproduceStaysACloudAnswer() throws {
        let forged = CloudAnswer(probability: 0.99, drivers: [], modelName: "x", claimedSource: .baseline)
        let local = try OfflinePredictionService.ich(TriageInputs(module: .coma, gfap: 100))
        let shown = CloudPredictionService.prediction(forged, .comaICH, local: local)
        #expect(shown.source == .cloud)
        #expect(shown.probability == 0.99)
    }

    @Test func yesNoFieldsAcceptEveryContractSpelling() throws {
        for spelling in ["1", "true", "\"yes\"", "\"YES\"", "\"1\"", "\"true\""] {
            let json = Self.full().replacingOccurrences(of: "\"headache\":0", with: "\"headache\":\(spelling)")
            #expect(throws: Never.self) { _ = try Self.answer("/predict_full_stroke", json) }
        }
        let bad = Self.full().replacingOccurrences(of: "\"headache\":0", with: "\"headache\":2")
        #expect(Self.failure("/predict_full_stroke", bad)?.code == "api.wrongType")
        #expect(Self.failure("/predict_full_stroke", bad)?.field == "headache")
    }

    @Test func errorsNameTheFieldTheRangeAndTheValue() throws {
        let gfap = try #require(Self.failure("/predict_coma_ich", #"{"gfap_value":5}"#))
        #expect(gfap.code == "api.outOfRange")
        #expect(gfap.status.code == 422)
        #expect(gfap.englishMessage == "gfap_value is outside its allowed range: allowed 29…10001, given 5.")
        let age = try #require(Self.failure("/predict_full_stroke", Self.full(age: 121)))
        #expect(age.englishMessage == "age_years is outside its allowed range: allowed whole number 0…120, given 121.")
        let fraction = try #require(Self.failure("/predict_full_stroke", Self.full().replacingOccurrences(of: "\"age_years\":70", with: "\"age_years\":70.5")))
        #expect(fraction.code == "api.outOfRange")
        #expect(fraction.field == "age_years")
        let pressures = try #require(Self.failure("/predict_full_stroke", Self.full(sbp: 80, dbp: 90)))
        #expect(pressures.field == "systolic_bp")
        let minor = try #require(Self.failure("/predict_full_stroke", Self.full(age: 17)))
        #expect(minor.code == "api.notApplicable")
        #expect(minor.status.code == 422)
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":-1,"fast_ed_score":3}"#)?.field == "gfap_value")
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":100}"#) == .missingField("fast_ed_score"))
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":100,"fast_ed_score":null}"#)?.code == "api.missingField")
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":[1],"fast_ed_score":3}"#)?.code == "api.wrongType")
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":1"#) == .invalidJSON)
        #expect(Self.failure("/predict_lvo", #"[1,2]"#) == .notAnObject)
        #expect(Self.failure("/predict_lvo", #"{"gfap_value":NaN,"fast_ed_score":3}"#) == .invalidJSON)
    }

    @Test func answersAreByteIdenticalOnEveryCall() throws {
        let first = try Self.answer("/predict_full_stroke", Self.full(flags: 1)).text
        for _ in 0..<20 { #expect(try Self.answer("/predict_full_stroke", Self.full(flags: 1)).text == first) }
        #expect(!first.contains("-0.0"))
    }

    @Test func numbersRoundTripAndAlwaysCarryAPointOrExponent() {
        #expect(WireValue.number(5).text == "5.0")
        #expect(WireValue.number(-0.0).text == "0.0")
        #expect(WireValue.number(0.1 + 0.2).text == "0.30000000000000004")
        #expect(WireValue.number(.nan).text == "null")
        #expect(WireValue.object([("a\"b", .array([.integer(1), .bool(true), .null]))]).text == #"{"a\"b":[1,true,null]}"#)
    }
}
