import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StrokeAudit
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import TriageEngine

/// The `/v1` routes in process: the answers are the engine's and the shared
/// renderer's (the end-to-end `LocalAPIV1ParityTests` compare them with the CLI
/// binary), they match the OpenAPI document, and `--audit` records every
/// assessment with the patient data encrypted.
@Suite struct LocalAPIV1Tests {
    static func withClient(_ v1: LocalAPIV1 = LocalAPIV1(), _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration(), v1: v1).makeRouter())
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func theProtocolRouteServesTheProtocolFileAndDecisionsNameIt() async throws {
        let edited = try ProtocolFile.parse(try JSONValue(parsing: ProtocolFile.json(.standard, digest: false).serialized()
            .replacingOccurrences(of: #""lvo.bypassMaxExtraMinutes":{"value":15,"#, with: #""lvo.bypassMaxExtraMinutes":{"value":25,"#)), file: "edited")
        try await Self.withClient(LocalAPIV1(rules: edited)) { client in
            let served = try await client.execute(uri: "/v1/protocol", method: .get)
            #expect(served.status == .ok)
            #expect(String(buffer: served.body) == ProtocolFile.json(edited).serialized() + "\n")
            let assessed = try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: Self.assessBodies[2]))
            let decision = try JSONValue(parsing: String(buffer: assessed.body))["decision"]
            #expect(decision?["protocol"]?["sha256"] == .string(edited.sha256))
        }
    }

    static let assessBodies = [
        #"{"module":"coma","inputs":{"gfap":500}}"#,
        #"{"module":"limited","inputs":{"age":17,"sbp":120,"dbp":70,"gfap":100,"reducedVigilance":true,"onsetMinutes":30}}"#,
        #"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":180,"fastEd":7,"headache":true,"lat":49.79,"lon":9.95},"mode":"offline"}"#,
        #"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":4321.5,"fastEd":2,"lat":0,"lon":0,"gfapAssay":"other"},"lang":"de"}"#,
        // The expected outcome by destination beside the routing (issue 27): with the NIHSS, and without it.
        #"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":50,"fastEd":7,"onsetMinutes":60,"nihss":14,"lat":48.8409,"lon":12.9607}}"#,
        #"{"module":"full","inputs":{"age":70,"sbp":160,"dbp":90,"gfap":50,"fastEd":7,"onsetMinutes":60,"lat":48.8409,"lon":12.9607}}"#,
    ]

    @Test func assessAnswersTheEnginesOutcomeThroughTheSharedRenderer() async throws {
        try await Self.withClient { client in
            for body in Self.assessBodies {
                let request = try AssessRequest(Array(body.utf8))
                let outcome = try await AssessmentSession.assess(try request.inputs(config: AppConfig()), prediction: .offline,
                                                                 config: AppConfig(), output: OutputSettings(json: true, language: request.lang))
                let expected = AssessmentSession.json(outcome).serialized() + "\n"
                try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(body)")
                    #expect(String(buffer: response.body) == expected, "\(body)")
                    #expect(response.headers[LocalAPIRoutes.auditHeader] == nil)
                }
            }
        }
    }

    @Test func everyV1AnswerCarriesExactlyTheDocumentedFields() async throws {
        let gets = ["/v1/centers?lat=49.79&lon=9.95", "/v1/centers?near=F%C3%BCrth%20(Bayern)&need=stroke-unit&limit=2",
                    "/v1/centers?lat=0&lon=0&lang=de"]
        let routes = [#"{"near":"Würzburg","ich":0.1,"fastEd":6}"#, #"{"lat":0,"lon":0,"ich":0.7,"lvo":0.2,"onsetMinutes":30}"#,
                      #"{"lat":48.14,"lon":11.58,"ich":0.05,"lvo":0.8,"onsetMinutes":250}"#,
                      #"{"near":"Deggendorf","lvo":0.8,"nihss":14,"onsetMinutes":60}"#,
                      #"{"near":"Deggendorf","ich":0.1,"lvo":0.8,"onsetMinutes":60}"#]
        try await Self.withClient { client in
            for body in Self.assessBodies {
                try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: body)) { response in
                    let answer = try OpenAPIConformanceTests.parsed(response.body)
                    #expect(OpenAPIConformanceTests.problems(answer, OpenAPIConformanceTests.responseSchema("/v1/assess", "post", 200)) == [],
                            "\(body)")
                }
            }
            for uri in gets {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    let answer = try OpenAPIConformanceTests.parsed(response.body)
                    #expect(OpenAPIConformanceTests.problems(answer, OpenAPIConformanceTests.responseSchema("/v1/centers", "get", 200)) == [],
                            "\(uri)")
                }
            }
            for body in routes {
                try await client.execute(uri: "/v1/route", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(body)")
                    let answer = try OpenAPIConformanceTests.parsed(response.body)
                    #expect(OpenAPIConformanceTests.problems(answer, OpenAPIConformanceTests.responseSchema("/v1/route", "post", 200)) == [],
                            "\(body)")
                }
            }
        }
    }

    /// Issue 43: no prognosis in anything a crew sees: `/v1/route` and `/v1/assess` carry no expected outcome,
    /// with or without the NIHSS (which the assessment still records).
    @Test func routeAndAssessCarryNoPrognosis() async throws {
        let v1 = LocalAPIV1()
        let route = try v1.route(Array(#"{"near":"Deggendorf","lvo":0.8,"nihss":14,"onsetMinutes":60}"#.utf8))
        #expect(!route.text.contains(#""outcomes""#) && !route.text.contains("outcomesUnavailable"))
        #expect(route.text.contains(#""category":"dripAndShip""#))
        let assess = try await v1.assess(Array(Self.assessBodies[4].utf8))
        #expect(!assess.text.contains(#""lvoSource""#) && !assess.text.contains(#""outcomes""#))
        #expect(assess.text.contains(#""nihss":14"#))
        let without = try await v1.assess(Array(Self.assessBodies[5].utf8))
        #expect(!without.text.contains("outcomesUnavailable") && !without.text.contains(#""outcomes":"#))
    }

    @Test func v1ErrorsAreDocumentedWithStableCodes() async throws {
        let cases: [(String, HTTPRequest.Method, String, Int, String)] = [
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":10002}}"#, 422, "api.outOfRange"),
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":500},"mode":"cloud"}"#, 422, "api.unsupportedMode"),
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":500,"fastEd":3}}"#, 400, "api.unknownField"),
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":"500"}}"#, 400, "api.wrongType"),
            ("/v1/assess", .post, #"{"module":"coma"}"#, 400, "api.missingField"),
            ("/v1/assess", .post, #"{"module":"coma""#, 400, "api.invalidJSON"),
            ("/v1/route", .post, #"{"near":"Nirgendwo-an-der-Spree","ich":0.1}"#, 422, "api.unknownPlace"),
            ("/v1/route", .post, #"{"lat":49.79,"lon":9.95,"ich":1.5}"#, 422, "api.outOfRange"),
            ("/v1/route", .post, #"{"ich":0.1}"#, 400, "api.missingField"),
            ("/v1/route", .post, #"{"near":"Deggendorf","lvo":0.8,"nihss":0,"onsetMinutes":60}"#, 422, "api.outOfRange"),
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":500,"nihss":43}}"#, 422, "api.outOfRange"),
            ("/v1/assess", .post, #"{"module":"coma","inputs":{"gfap":500,"nihss":"14"}}"#, 400, "api.wrongType"),
            ("/v1/centers?lat=49.79&lon=9.95&limit=0", .get, "", 422, "api.outOfRange"),
            ("/v1/centers?lat=49.79&lon=9.95&coverageKm=-1", .get, "", 422, "api.outOfRange"),
            ("/v1/centers?lat=49.79&lon=9.95&need=helipad", .get, "", 422, "api.outOfRange"),
            ("/v1/centers?lat=49.79", .get, "", 400, "api.missingField"),
            ("/v1/centers?near=W%C3%BCrzburg&centers=/etc/passwd", .get, "", 400, "api.unknownField"),
            ("/v1/assess", .get, "", 405, "api.methodNotAllowed"),
            ("/v1/centers", .post, "{}", 405, "api.methodNotAllowed"),
        ]
        try await Self.withClient { client in
            for (uri, method, body, status, code) in cases {
                try await client.execute(uri: uri, method: method, body: ByteBuffer(string: body)) { response in
                    #expect(Int(response.status.code) == status, "\(method) \(uri) \(body)")
                    let answer = try OpenAPIConformanceTests.parsed(response.body)
                    guard let error = answer["error"], error.objectMembers != nil else {
                        Issue.record("\(uri): not an error object")
                        return
                    }
                    #expect(error["code"] == .string(code), "\(method) \(uri) \(body)")
                    #expect(OpenAPIConformanceTests.problems(answer, .object([("$ref", .string("#/components/schemas/Error"))])) == [])
                    if status == 400 || status == 422 {
                        let path = String(uri.split(separator: "?")[0])
                        #expect(OpenAPIConformanceTests.responseSchema(path, method == .get ? "get" : "post", status) != nil, "\(status) for \(path)")
                    }
                }
            }
        }
    }

    @Test func auditRecordsEveryAssessmentWithThePatientDataEncrypted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = AuditLog.Location(database: directory.appendingPathComponent("audit.sqlite"),
                                         keyFile: directory.appendingPathComponent("audit-keys.json"))
        let context = AuditLog.Context(operator: "station-test", appVersion: "test")
        let v1 = LocalAPIV1(config: AppConfig(), audit: .init(location: location, context: context))
        try await Self.withClient(v1) { client in
            for body in [Self.assessBodies[3], Self.assessBodies[1]] {
                try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[LocalAPIRoutes.auditHeader] == nil, "recorded")
                }
            }
            // Refused requests record nothing.
            try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: #"{"module":"coma","inputs":{"gfap":10002}}"#)) {
                #expect($0.status == .unprocessableContent)
            }
        }
        let verification = try AuditLog.withLog(location, context: context) { try $0.verify() }
        // With a location: started, prediction, routing; without: started, prediction.
        #expect(verification.records == 5)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
            #expect(bytes.range(of: Data("4321.5".utf8)) == nil, "\(file) holds the GFAP value in plaintext")
            #expect(bytes.range(of: Data("\"fastEd\"".utf8)) == nil, "\(file) holds the inputs in plaintext")
        }
    }
}
