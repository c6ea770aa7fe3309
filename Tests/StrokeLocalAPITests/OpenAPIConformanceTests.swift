import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StrokeJSON
import StrokeLocalAPI
import Testing
import TestJSON

/// The committed OpenAPI document against the real router: every registered
/// route is documented (and nothing else), and every real answer carries
/// exactly the fields its schema documents, no more, no fewer.
@Suite struct OpenAPIConformanceTests {
    static let document: JSONValue = {
        (try? JSONValue(parsing: Data(OpenAPIDocument.bytes)).object) ?? .object([])
    }()

    static func schema(_ node: JSONValue?) -> JSONValue {
        guard var schema = node.object else { return .object([]) }
        while let ref = schema["$ref"].stringValue {
            let name = String(ref.split(separator: "/").last ?? "")
            schema = ((document["components"].object)?["schemas"].object)?[name].object ?? .object([])
        }
        return schema
    }

    /// The schema's types (`"type": "number"` or `"type": ["string", "null"]`).
    static func types(_ schema: JSONValue) -> Set<String> {
        if let type = schema["type"].stringValue { return [type] }
        return Set(schema["type"].stringArray ?? [])
    }

    /// Problems of `value` (read with booleans and numbers kept apart) against `schema`:
    /// missing or undocumented members, wrong types, no matching `oneOf` alternative.
    static func problems(_ value: JSONValue, _ node: JSONValue?, at path: String = "$") -> [String] {
        let schema = schema(node)
        if let alternatives = schema["oneOf"].arrayValue {
            let results = alternatives.map { problems(value, $0, at: path) }
            return results.contains { $0.isEmpty } ? [] : ["\(path) matches no oneOf alternative: \(results.flatMap { $0 })"]
        }
        let types = types(schema)
        switch value {
        case .object(let members):
            let object = Dictionary(members, uniquingKeysWith: { first, _ in first })
            if let properties = schema["properties"].object {
                let required = Set(schema["required"].stringArray ?? [])
                var out: [String] = []
                for key in required.sorted() where object[key] == nil { out.append("\(path).\(key) documented as required, missing") }
                for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                    guard let sub = properties[key] else { out.append("\(path).\(key) not documented"); continue }
                    out += problems(member, sub, at: "\(path).\(key)")
                }
                return out
            }
            if let additional = schema["additionalProperties"].object {
                return object.flatMap { problems($0.value, additional, at: "\(path).\($0.key)") }
            }
            return types.contains("object") ? [] : ["\(path) is an object, schema says \(schema)"]
        case .array(let items):
            guard types.contains("array") else { return ["\(path) is an array, schema says \(schema)"] }
            return items.enumerated().flatMap { problems($0.element, schema["items"], at: "\(path)[\($0.offset)]") }
        case .string: return types.contains("string") ? [] : ["\(path) is a string, schema types \(types)"]
        case .number(let d):
            return types.contains("number") || (types.contains("integer") && d.rounded() == d) ? [] : ["\(path) is a number, schema types \(types)"]
        case .integer:
            return types.contains("number") || types.contains("integer") ? [] : ["\(path) is a number, schema types \(types)"]
        case .bool: return types.contains("boolean") ? [] : ["\(path) is a boolean, schema types \(types)"]
        case .null: return types.contains("null") ? [] : ["\(path) is null, schema types \(types)"]
        }
    }

    /// An answer's body, read for `problems`.
    static func parsed(_ body: ByteBuffer) throws -> JSONValue {
        try JSONValue(parsing: Array(body.readableBytesView))
    }

    static func responseSchema(_ path: String, _ method: String, _ status: Int) -> JSONValue? {
        let operation = ((document["paths"].object)?[path].object)?[method].object
        let response = (operation?["responses"].object)?[String(status)].object
        return ((response?["content"].object)?["application/json"].object)?["schema"]
    }

    static func withClient(_ configuration: LocalAPIConfiguration = LocalAPIConfiguration(),
                           _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: LocalAPIRoutes(configuration: configuration).makeRouter())
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func everyRegisteredRouteIsDocumentedAndNothingElse() {
        let paths = Self.document["paths"].dictionary ?? [:]
        let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
        #expect(documented == Set(LocalAPIRoutes.routeList))
        #expect(Self.document["openapi"].stringValue == "3.1.0")
    }

    static let requests: [(path: String, body: String)] = [
        ("/predict_lvo", #"{"gfap_value":180,"fast_ed_score":7}"#),
        ("/predict_lvo", #"{"gfap_value":60000,"fast_ed_score":20}"#),
        ("/predict_coma_ich", #"{"gfap_value":500}"#),
        ("/predict_limited_data_ich", #"{"age_years":70,"systolic_bp":150,"diastolic_bp":85,"gfap_value":450,"vigilanzminderung":"yes"}"#),
        ("/predict_full_stroke", #"{"age_years":70,"systolic_bp":160,"diastolic_bp":90,"gfap_value":180,"fast_ed_score":7,"headache":1,"beinparese":0,"eye_deviation":true,"armparese":1,"vigilanzminderung":0,"atrial_fibrillation":0,"anticoagulated_noak":1,"antiplatelets":0}"#),
    ]

    @Test func realAnswersCarryExactlyTheDocumentedFields() async throws {
        try await Self.withClient { client in
            for (path, body) in Self.requests {
                try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == "application/json")
                    let answer = try Self.parsed(response.body)
                    #expect(Self.problems(answer, Self.responseSchema(path, "post", 200)) == [], "\(path)")
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                let answer = try Self.parsed(response.body)
                #expect(Self.problems(answer, Self.responseSchema("/healthz", "get", 200)) == [])
            }
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(Array(response.body.readableBytesView) == OpenAPIDocument.bytes)
            }
        }
    }

    @Test func errorsAreDocumentedJSONWithStableCodes() async throws {
        var small = LocalAPIConfiguration()
        small.maxBodyBytes = 256
        try await Self.withClient(small) { client in
            let cases: [(String, HTTPRequest.Method, String, Int, String)] = [
                ("/predict_coma_ich", .post, #"{"gfap_value":5}"#, 422, "api.outOfRange"),
                ("/predict_coma_ich", .post, #"{"gfap_value":"#, 400, "api.invalidJSON"),
                ("/predict_coma_ich", .post, #"[500]"#, 400, "api.notAnObject"),
                ("/predict_coma_ich", .post, #"{}"#, 400, "api.missingField"),
                ("/predict_limited_data_ich", .post, #"{"age_years":12,"systolic_bp":120,"diastolic_bp":70,"gfap_value":100,"vigilanzminderung":0}"#,
                 422, "api.notApplicable"),
                ("/predict_lvo", .post, String(repeating: " ", count: 300) + "{}", 413, "api.bodyTooLarge"),
                ("/nowhere", .get, "", 404, "api.notFound"),
                ("/predict_lvo", .get, "", 405, "api.methodNotAllowed"),
                ("/healthz", .post, "", 405, "api.methodNotAllowed"),
            ]
            for (path, method, body, status, code) in cases {
                try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"],
                                         body: ByteBuffer(string: body)) { response in
                    #expect(Int(response.status.code) == status, "\(method) \(path)")
                    let json = try JSONValue(parsing: Data(String(buffer: response.body).utf8)).object
                    // The contract routes answer the reference's string `error` with the code beside it; the rest the object form.
                    let contract = path.hasPrefix("/predict_")
                    let shown = contract ? json?["code"].stringValue : (json?["error"].object)?["code"].stringValue
                    #expect(shown == code, "\(method) \(path)")
                    let answer = try Self.parsed(response.body)
                    #expect(Self.problems(answer, .object([("$ref", .string("#/components/schemas/" + (contract ? "ContractError" : "Error")))])) == [])
                    if status == 422 || status == 400 || status == 413 {
                        #expect(Self.responseSchema(path, "post", status) != nil, "\(status) documented for \(path)")
                    }
                }
            }
        }
    }

    @Test func preflightAnswers204AndCORSOnlyWhenConfigured() async throws {
        try await Self.withClient { client in
            try await client.execute(uri: "/predict_lvo", method: .options, headers: [.origin: "https://app.example"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
        }
        var cors = LocalAPIConfiguration()
        cors.corsOrigins = ["https://app.example"]
        try await Self.withClient(cors) { client in
            try await client.execute(uri: "/predict_lvo", method: .options, headers: [.origin: "https://app.example"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "https://app.example")
                #expect(response.headers[.accessControlAllowMethods]?.contains("POST") == true)
            }
            try await client.execute(uri: "/predict_lvo", method: .post, headers: [.origin: "https://other.example"],
                                     body: ByteBuffer(string: #"{"gfap_value":1,"fast_ed_score":1}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                // The answer depends on Origin even when it allows none (issue 34).
                #expect(response.headers[.vary] == "Origin")
            }
        }
    }

    @Test func preflightsAnswerEachListedOriginOnEveryRouteTheAppCalls() async throws {
        var cors = LocalAPIConfiguration()
        cors.corsOrigins = ["http://localhost:4173", "https://igfap.example"]
        let origins = cors.corsOrigins
        try await Self.withClient(cors) { client in
            for path in LocalAPIRoutes.browserRoutes {
                for origin in origins {
                    try await client.execute(uri: path, method: .options,
                                             headers: [.origin: origin, .accessControlRequestMethod: "POST",
                                                       .accessControlRequestHeaders: "content-type"]) { response in
                        #expect(response.status == .noContent, "\(path)")
                        #expect(response.headers[.accessControlAllowOrigin] == origin, "\(path) \(origin)")
                        #expect(response.headers[.vary] == "Origin")
                        #expect(response.headers[.accessControlAllowMethods]?.contains("POST") == true)
                        #expect(response.headers[.accessControlAllowHeaders]?.lowercased().contains("content-type") == true)
                    }
                }
                try await client.execute(uri: path, method: .options, headers: [.origin: "https://elsewhere.example"]) { response in
                    #expect(response.headers[.accessControlAllowOrigin] == nil, "\(path)")
                }
            }
            // The answer itself (here an error) carries the origin too, so the browser lets the page read it.
            try await client.execute(uri: "/predict_coma_ich", method: .post, headers: [.origin: "http://localhost:4173"],
                                     body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.accessControlAllowOrigin] == "http://localhost:4173")
            }
        }
        var any = LocalAPIConfiguration()
        any.corsOrigins = ["*"]
        try await Self.withClient(any) { client in
            try await client.execute(uri: "/predict_lvo", method: .options, headers: [.origin: "https://whoever.example"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == "*")
            }
        }
    }
}
