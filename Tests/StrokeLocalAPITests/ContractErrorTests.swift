import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import StrokeCloud
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import TestJSON
import TriageLocalization

/// Errors both kinds of client can read: the contract routes answer a string `error`
/// (the reference functions' form) with the dotted `code` and the `field` beside it,
/// `/v1` keeps its object form, and this project's cloud client shows the server's
/// whole message from either form.
@Suite struct ContractErrorTests {
    /// The message for a 17-year-old (the ICH baseline applies from 18).
    static let minorMessage = LocalAPIError.notApplicable("age_years", allowed: WireRange.text(ICHBaseline.allowedAge), given: "17").englishMessage

    @Test func contractRoutesAnswerAStringErrorWithCodeAndField() async throws {
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration()).makeRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/predict_limited_data_ich", method: .post,
                                     body: ByteBuffer(string: #"{"age_years":17,"systolic_bp":120,"diastolic_bp":70,"gfap_value":100,"vigilanzminderung":0}"#)) { response in
                #expect(response.status == .unprocessableContent)
                let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                #expect(json?["error"].stringValue == Self.minorMessage)
                #expect(json?["code"].stringValue == "api.notApplicable")
                #expect(json?["field"].stringValue == "age_years")
                #expect(Set(json?.keys.map { $0 } ?? []) == ["error", "code", "field"])
            }
            try await client.execute(uri: "/predict_coma_ich", method: .post, body: ByteBuffer(string: "{")) { response in
                let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                #expect(json?["error"].stringValue == "The request body is not valid JSON.")
                #expect((json?["field"]).isNull == true)
            }
            // A wrong method on a contract path answers in the contract form too.
            try await client.execute(uri: "/predict_lvo", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                #expect(json?["code"].stringValue == "api.methodNotAllowed")
                #expect(json?["error"].stringValue != nil)
            }
            // /v1 keeps the object form.
            try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: "{")) { response in
                let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                #expect((json?["error"].object)?["code"].stringValue == "api.invalidJSON")
            }
        }
    }

    @Test func theErrorTextOfEitherFormIsTheServersWholeMessage() {
        let message = "age_years is outside its allowed range: allowed 18–120, given 17."
        let contract = #"{"error":"\#(message)","code":"api.outOfRange","field":"age_years"}"#
        let v1 = #"{"error":{"code":"api.outOfRange","message":"\#(message)","field":"age_years"}}"#
        #expect(CloudDecoder.errorText(Array(contract.utf8)) == message)
        #expect(CloudDecoder.errorText(Array(v1.utf8)) == message)
        // Another server's text is still cut at its first colon (details may echo inputs).
        #expect(CloudDecoder.errorText(Array(#"{"error":"Invalid or missing input data: age 17"}"#.utf8)) == "Invalid or missing input data")
        let long = #"{"error":"\#(String(repeating: "x", count: 500))","code":"api.x"}"#
        #expect(CloudDecoder.errorText(Array(long.utf8))?.count == CloudDecoder.maxErrorText)
    }

    @Test func theCloudClientShowsTheServersMessageForA422() async throws {
        // The router's real answer, read by the client's own error path (the process test
        // StationLoginTests runs `stroke-triage full --mode cloud` against the server).
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration()).makeRouter())
        try await app.test(.router) { client in
            var inputs = TriageInputs(module: .full, gfap: 100)
            (inputs.age, inputs.sbp, inputs.dbp, inputs.fastEd) = (17, 120, 70, 3)
            try await client.execute(uri: "/predict_full_stroke", method: .post, body: ByteBuffer(string: CloudRequest.fullStroke(inputs))) { response in
                #expect(response.status == .unprocessableContent)
                let error = CloudError.httpStatus(Int(response.status.code), errorText: CloudDecoder.errorText(Array(response.body.readableBytesView)))
                #expect(Localizer(language: .en).render(error.message) == "cloud answered 422: " + Self.minorMessage)
            }
        }
    }
}
