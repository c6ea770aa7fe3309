import StrokeLocalAPI
import StrokeModels
import Testing

/// Issue 29 item 7: a string given for a number on the four contract routes and in a
/// `/v1` query is read by the one grammar (`DecimalNumber`): `"0x46"` was GFAP 70,
/// `"70\u0000abc"` 70, and `" 70"`, `"70 "`, `"+70"` passed. JSON numbers stay numbers.
@Suite struct NumberGrammarTests {
    static let bodies: [(String, String)] = [
        ("/predict_lvo", #"{"gfap_value":G,"fast_ed_score":5}"#),
        ("/predict_coma_ich", #"{"gfap_value":G}"#),
        ("/predict_limited_data_ich", #"{"age_years":70,"systolic_bp":160,"diastolic_bp":90,"gfap_value":G,"vigilanzminderung":0}"#),
        ("/predict_full_stroke", ContractAnswerTests.full().replacingOccurrences(of: #""gfap_value":180.0"#, with: #""gfap_value":G"#)),
    ]

    static let refused = [#""0x46""#, #""70\u0000abc""#, #"" 70""#, #""70 ""#, #""+70""#, #""0x1F4""#, #""0x1p9""#,
                          #""inf""#, #""nan""#, #""70abc""#, #""""#]

    @Test func stringsThatAreNotDecimalNumbersAreRefusedOnEveryContractRoute() throws {
        for (path, template) in Self.bodies {
            #expect(template.contains("G"), "\(path)")
            for value in Self.refused {
                let error = ContractAnswerTests.failure(path, template.replacingOccurrences(of: "G", with: value))
                #expect(error?.code == "api.wrongType", "\(path) \(value)")
                #expect(error?.status == .badRequest)
                #expect(error?.field == "gfap_value")
                #expect(error?.englishMessage.contains(DecimalNumber.form) == true)
            }
            // A decimal string and a JSON number still read alike.
            let string = try ContractAnswerTests.answer(path, template.replacingOccurrences(of: "G", with: #""70""#)).text
            let number = try ContractAnswerTests.answer(path, template.replacingOccurrences(of: "G", with: "70")).text
            #expect(string == number, "\(path)")
        }
    }

    @Test func theErrorNamesTheFieldTheFormAndTheEscapedValue() {
        let error = ContractAnswerTests.failure("/predict_coma_ich", #"{"gfap_value":"70\u0000abc\u001b]0;x\u0007"}"#)
        #expect(error?.englishMessage == #"The field gfap_value must be a number: a JSON number, or a string holding "#
            + DecimalNumber.form + #"; given "70\u{0}abc\u{1B}]0;x\u{7}"."#)
    }

    @Test func v1QueryNumbersUseTheSameGrammar() throws {
        for text in ["0x1F", " 49.7", "49.7 ", "+49.7", "inf", "nan", "49.7\u{0}"] {
            let error = #expect(throws: LocalAPIError.self) { try PlaceRequest.centers(query: [("lat", text), ("lon", "9.9")]) }
            #expect(error?.code == "api.wrongType", "\(text.debugDescription)")
            #expect(error?.field == "lat")
        }
        #expect(try PlaceRequest.centers(query: [("lat", "49.7"), ("lon", "9.9")]).coordinate?.latitude == 49.7)
    }
}
