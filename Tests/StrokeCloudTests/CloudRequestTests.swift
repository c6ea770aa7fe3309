import Foundation
import StrokeJSON
import Testing
import StrokeCloud
import StrokeModels
import TestJSON

/// Request bodies use the exact field names, booleans as 1/0.
@Suite struct CloudRequestTests {
    func object(_ text: String) throws -> JSONValue {
        try #require(JSONValue(parsing: Data(text.utf8)).object)
    }

    @Test func fullStrokeSendsThe13FieldsWithBooleansAs1Or0() throws {
        var i = TriageInputs(module: .full, gfap: 123.5)
        i.age = 70; i.sbp = 150; i.dbp = 90; i.fastEd = 5
        i.headache = true; i.legParesis = false; i.eyeDeviation = true; i.armParesis = true
        i.reducedVigilance = false; i.atrialFibrillation = true; i.anticoagulated = false; i.antiplatelets = true
        let body = CloudRequest.fullStroke(i)
        let o = try object(body)
        #expect(Set(o.keys) == ["age_years", "systolic_bp", "diastolic_bp", "gfap_value", "fast_ed_score", "headache",
                                "beinparese", "eye_deviation", "armparese", "vigilanzminderung", "atrial_fibrillation",
                                "anticoagulated_noak", "antiplatelets"])
        #expect(body.contains(#""headache":1"#) && body.contains(#""beinparese":0"#) && body.contains(#""antiplatelets":1"#))
        #expect(body.contains(#""gfap_value":123.5"#) && body.contains(#""age_years":70"#))
    }

    @Test func limitedComaAndLVOBodies() throws {
        var i = TriageInputs(module: .limited, gfap: 100)
        i.age = 60; i.sbp = 140; i.dbp = 80; i.reducedVigilance = true
        #expect(CloudRequest.limited(i) == #"{"age_years":60,"systolic_bp":140,"diastolic_bp":80,"gfap_value":100,"vigilanzminderung":1}"#)
        #expect(CloudRequest.coma(TriageInputs(module: .coma, gfap: 0.25)) == #"{"gfap_value":0.25}"#)
        var f = TriageInputs(module: .full, gfap: 50)
        f.fastEd = 4
        #expect(CloudRequest.lvo(f) == #"{"gfap_value":50,"fast_ed_score":4}"#)
    }

    @Test func loginEscapesThePassword() throws {
        let body = CloudRequest.login(password: "a\"b\\c\nd")
        #expect(try object(body)["password"].stringValue == "a\"b\\c\nd")
        #expect(try object(body)["action"].stringValue == "login")
    }
}
