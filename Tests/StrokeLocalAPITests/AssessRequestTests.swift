import Foundation
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import TriageEngine
import TriageRendering

/// `POST /v1/assess` bodies: the CLI's JSON input keys, validated by the
/// module commands' rules in their order; errors name the key, the allowed
/// range and the value.
@Suite struct AssessRequestTests {
    static func request(_ body: String) throws(LocalAPIError) -> AssessRequest { try AssessRequest(Array(body.utf8)) }

    static func inputs(_ body: String) throws(LocalAPIError) -> TriageInputs { try request(body).inputs(config: AppConfig()) }

    static func error(_ body: String) -> LocalAPIError? {
        do {
            _ = try inputs(body)
            return nil
        } catch {
            return error
        }
    }

    @Test func fullInputsBecomeTheCLIsInputs() throws {
        let r = try Self.request(#"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":180.5,"fastEd":7,"headache":true,"#
            + #""legParesis":false,"armParesis":null,"antiplatelets":true,"onsetMinutes":45,"lat":49.79,"lon":9.95,"gfapAssay":"istat-tbi"},"mode":"offline"}"#)
        let i = try r.inputs(config: AppConfig())
        #expect(i.module == .full)
        #expect((i.age, i.sbp, i.dbp, i.fastEd) == (70, 160, 90, 7))
        #expect(i.gfap == 180.5)
        #expect(i.headache && i.antiplatelets && !i.legParesis && !i.armParesis && !i.eyeDeviation)
        #expect(i.onsetMinutes == 45)
        #expect(i.location == Coordinate(latitude: 49.79, longitude: 9.95))
        #expect(i.gfapAssay == .istatTbi)
        #expect(r.lang == "en")
    }

    @Test func everyModuleTakesExactlyItsCatalogueKeys() {
        for module in TriageModule.allCases {
            let keys = AssessRequest.acceptedKeys(module)
            #expect(keys.prefix(InputKey.keys(for: module).count).elementsEqual(InputKey.keys(for: module).map(\.json)))
            #expect(keys.suffix(5) == ["onsetMinutes", "lat", "lon", "gfapAssay", "nihss"])
        }
        #expect(Self.error(#"{"module":"coma","inputs":{"gfap":100,"age":70}}"#)?.code == "api.unknownField")
        #expect(Self.error(#"{"module":"limited","inputs":{"age":70,"sbp":150,"dbp":85,"gfap":450,"headache":true}}"#)?.code == "api.unknownField")
    }

    @Test func errorsComeInTheCLIsOrderAndNameKeyRangeAndValue() {
        let cases: [(String, String, String?, String?)] = [
            (#"{"module":"limited","inputs":{"age":121,"sbp":20,"dbp":85,"gfap":1}}"#, "api.outOfRange", "age",
             "age is outside its allowed range: allowed whole number 0…120, given 121."),
            (#"{"module":"limited","inputs":{"age":70,"sbp":20,"dbp":85,"gfap":1}}"#, "api.outOfRange", "sbp", nil),
            (#"{"module":"limited","inputs":{"age":70,"sbp":120,"dbp":85,"gfap":10002}}"#, "api.outOfRange", "gfap",
             "gfap is outside its allowed range: allowed 29…10001, given 10002."),
            (#"{"module":"limited","inputs":{"age":70,"sbp":80,"dbp":85,"gfap":100}}"#, "api.outOfRange", "sbp",
             "sbp must be above dbp; given sbp 80."),
            (#"{"module":"full","inputs":{"age":70,"sbp":150,"dbp":85,"gfap":100,"fastEd":3.5}}"#, "api.outOfRange", "fastEd", nil),
            (#"{"module":"coma","inputs":{"gfap":100,"onsetMinutes":-1}}"#, "api.outOfRange", "onsetMinutes", nil),
            (#"{"module":"coma","inputs":{"gfap":100,"lat":0,"lon":181}}"#, "api.outOfRange", "lon", nil),
            (#"{"module":"coma","inputs":{"gfap":100,"lat":0}}"#, "api.missingField", "lon", nil),
            (#"{"module":"coma","inputs":{"gfap":100,"gfapAssay":"guess"}}"#, "api.outOfRange", "gfapAssay", nil),
            (#"{"module":"limited","inputs":{}}"#, "api.missingField", "age", nil),
            (#"{"module":"coma","inputs":{"gfap":"100"}}"#, "api.wrongType", "gfap", nil),
            (#"{"module":"limited","inputs":{"age":70,"sbp":150,"dbp":85,"gfap":450,"reducedVigilance":1}}"#, "api.wrongType", "reducedVigilance", nil),
            (#"{"module":"coma"}"#, "api.missingField", "inputs", nil),
            (#"{"module":"coma","inputs":[]}"#, "api.wrongType", "inputs", nil),
            (#"{"inputs":{"gfap":100}}"#, "api.missingField", "module", nil),
            (#"{"module":"stroke","inputs":{"gfap":100}}"#, "api.outOfRange", "module", nil),
            (#"{"module":"coma","inputs":{"gfap":100},"mode":"cloud"}"#, "api.unsupportedMode", "mode", nil),
            (#"{"module":"coma","inputs":{"gfap":100},"mode":"auto"}"#, "api.unsupportedMode", "mode", nil),
            (#"{"module":"coma","inputs":{"gfap":100},"lang":"fr"}"#, "api.outOfRange", "lang", nil),
            (#"{"module":"coma","inputs":{"gfap":100},"apiBase":"http://x"}"#, "api.unknownField", "request", nil),
            (#"{"module":"coma","inputs":{"gfap":1e999}}"#, "api.invalidJSON", nil, nil),
            (#"[{"module":"coma"}]"#, "api.notAnObject", nil, nil),
        ]
        for (body, code, field, message) in cases {
            let error = Self.error(body)
            #expect(error?.code == code, "\(body)")
            #expect(error?.field == field, "\(body)")
            if let message { #expect(error?.englishMessage == message, "\(body)") }
        }
    }

    @Test func absentFindingsAreNoAndNullIsAbsent() throws {
        let i = try Self.inputs(#"{"module":"limited","inputs":{"age":70,"sbp":150,"dbp":85,"gfap":450,"onsetMinutes":null,"lat":null,"lon":null}}"#)
        #expect(!i.reducedVigilance)
        #expect(i.onsetMinutes == nil)
        #expect(i.location == nil)
    }

    /// Bodies are read by StrokeJSON's one reader: what Foundation's reader accepts is
    /// accepted with the same members, and what it refuses is refused. A trailing
    /// comma and a repeated member, which `JSONDecoder` let through, are refused.
    @Test func bodiesReadAsFoundationReadsThem() throws {
        let valid = [#"{"module":"full","inputs":{"age":70,"sbp":160.0,"dbp":9e1,"gfap":1.805E2,"fastEd":-0,"headache":true}}"#,
                     #" {"a":[1,2.5,"x",null,false,{"b":{}}],"c":"\u00fc\n\"","d":12345678901234567890,"e":-1e-7} "#,
                     "{}", #"{"deep":[[[[[[[[[[1]]]]]]]]]]}"#, #"{"big":9007199254740993,"u":"🧠 ä"}"#]
        for body in valid {
            let read = try RequestBody.object(Array(body.utf8))
            let foundation = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            #expect(read.keys.sorted() == foundation?.keys.sorted(), "\(body)")
        }
        let read = try RequestBody.object(Array(valid[0].utf8))
        #expect(read["inputs"]?["dbp"]?.doubleValue == 90)
        #expect(read["inputs"]?["gfap"]?.doubleValue == 180.5)
        #expect(read["inputs"]?["headache"] == .bool(true))
        #expect(read["inputs"]?["age"] == .integer(70))
        for body in ["", "{", #"{"a":NaN}"#, #"{"a":Infinity}"#, #"{"a":1e400}"#, #"{"a":01}"#, "{'a':1}", #"{"a":"\x"}"#] {
            #expect(throws: LocalAPIError.self, "\(body)") { try RequestBody.object(Array(body.utf8)) }
        }
        #expect(throws: LocalAPIError.invalidJSON) { try RequestBody.object(Array(#"{"a":1,}"#.utf8)) }
        #expect(throws: LocalAPIError.duplicateField("x")) { try RequestBody.object(Array(#"{"x":1,"x":2}"#.utf8)) }
        for body in ["[]", "5", #""text""#, "null"] {
            #expect(throws: LocalAPIError.notAnObject, "\(body)") { try RequestBody.object(Array(body.utf8)) }
        }
        for body in ["[]", "5", #""text""#] {
            #expect(Self.error(#"{"module":"coma","inputs":\#(body)}"#)?.code == "api.wrongType", "\(body)")
        }
    }

    /// Issue 29 item 8: a repeated member is refused with 400 on `/v1` as on the contract
    /// routes, at any depth, naming the member escaped; the contract routes took the last
    /// value and `/v1` the first.
    @Test func repeatedMembersAreRefusedEverywhere() throws {
        let bodies = [
            #"{"module":"coma","inputs":{"gfap":70,"gfap":500}}"#,
            #"{"module":"coma","module":"full","inputs":{"gfap":70}}"#,
            #"{"module":"coma","inputs":{"gfap":70},"x":[{"a":1,"a":1}]}"#,
        ]
        for body in bodies {
            let error = Self.error(body)
            #expect(error?.code == "api.duplicateField", "\(body)")
            #expect(error?.status == .badRequest)
        }
        let contract = #expect(throws: LocalAPIError.self) { try WireBody(Array(#"{"gfap_value":70,"gfap_value":500}"#.utf8)) }
        #expect(contract == .duplicateField("gfap_value"))
        #expect(contract?.englishMessage == #"The member "gfap_value" is given more than once; each member may appear only once."#)
        let hostile = LocalAPIError.duplicateField("a\u{202E}b\u{1B}c")
        #expect(hostile.englishMessage.contains(#""a\u{202E}b\u{1B}c""#))
        #expect(try WireBody(Array(#"{"gfap_value":70,"fast_ed_score":5}"#.utf8)).number("gfap_value") == 70)
    }
}
