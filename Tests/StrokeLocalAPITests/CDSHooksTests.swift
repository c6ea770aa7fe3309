import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StrokeJSON
import StrokeLocalAPI
import Testing
import TriageRendering

/// The CDS Hooks service in process (docs/fhir.md): discovery, cards from prefetch Observations
/// through the `/v1/assess` path, inputs not given, and a bad Observation named in a 400.
@Suite struct CDSHooksTests {
    static func withClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var configuration = LocalAPIConfiguration()
        configuration.corsOrigins = ["https://ehr.example"]
        let app = Application(router: LocalAPIRoutes(configuration: configuration).makeRouter())
        try await app.test(.router) { client in try await body(client) }
    }

    /// An Observation of one coding with a value member.
    static func observation(_ id: String, _ system: String, _ code: String, _ value: (String, JSONValue)) -> JSONValue {
        .object([("resourceType", .string("Observation")), ("id", .string(id)), ("status", .string("final")),
                 ("code", .object([("coding", .array([.object([("system", .string(system)), ("code", .string(code))])]))])),
                 ("value" + value.0, value.1)])
    }

    static func quantity(_ value: JSONValue, _ unit: String) -> JSONValue {
        .object([("value", value), ("system", .string(FHIRVocabulary.ucum)), ("code", .string(unit))])
    }

    static func request(_ observations: [JSONValue], hook: String = "patient-view") -> String {
        JSONValue.object([
            ("hook", .string(hook)), ("hookInstance", .string("5b0c4b0a-0000-4000-8000-000000000001")),
            ("prefetch", .object([("observations", .object([("resourceType", .string("Bundle")), ("type", .string("searchset")),
                                                            ("entry", .array(observations.map { .object([("resource", $0)]) }))]))])),
        ]).serialized()
    }

    static let loinc = FHIRVocabulary.loinc, own = FHIRVocabulary.inputSystem
    static let limited: [JSONValue] = [
        observation("age", loinc, "30525-0", ("Quantity", quantity(.integer(70), "a"))),
        .object([("resourceType", .string("Observation")), ("id", .string("bp")), ("status", .string("final")),
                 ("code", .object([("coding", .array([.object([("system", .string(loinc)), ("code", .string("85354-9"))])]))])),
                 ("component", .array([
                    .object([("code", .object([("coding", .array([.object([("system", .string(loinc)), ("code", .string("8480-6"))])]))])),
                             ("valueQuantity", quantity(.integer(150), "mm[Hg]"))]),
                    .object([("code", .object([("coding", .array([.object([("system", .string(loinc)), ("code", .string("8462-4"))])]))])),
                             ("valueQuantity", quantity(.integer(85), "mm[Hg]"))]),
                 ]))]),
        observation("gfap", own, "gfap", ("Quantity", quantity(.number(450), "pg/mL"))),
    ]

    static func post(_ client: any TestClientProtocol, _ body: String) async throws -> (status: HTTPResponse.Status, json: JSONValue) {
        let response = try await client.execute(uri: CDSHooksService.servicePath, method: .post, headers: [.contentType: "application/json"],
                                                body: ByteBuffer(string: body))
        return (response.status, try JSONValue(parsing: String(buffer: response.body)))
    }

    static func assessed(_ client: any TestClientProtocol, _ body: String) async throws -> JSONValue {
        let response = try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: body))
        return try JSONValue(parsing: String(buffer: response.body))
    }

    @Test func discoveryNamesTheServiceItsHookAndItsPrefetch() async throws {
        try await Self.withClient { client in
            let response = try await client.execute(uri: "/cds-services", method: .get)
            #expect(response.status == .ok)
            let service = try JSONValue(parsing: String(buffer: response.body))["services"]?.arrayValue?.first
            #expect(service?["id"] == .string("stroke-triage"))
            #expect(service?["hook"] == .string("patient-view"))
            let prefetch = service?["prefetch"]?["observations"]?.stringValue ?? ""
            #expect(prefetch.hasPrefix("Observation?patient={{context.patientId}}&code="))
            for code in ["http://loinc.org|85354-9", "http://loinc.org|9269-2", FHIRVocabulary.inputSystem + "|gfap", FHIRVocabulary.inputSystem + "|fastEd"] {
                #expect(prefetch.contains(code), "\(code)")
            }
            let preflight = try await client.execute(uri: CDSHooksService.servicePath, method: .options,
                                                     headers: [.origin: "https://ehr.example", .accessControlRequestMethod: "POST"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://ehr.example")
        }
    }

    @Test func cardsAreThoseOfTheSameAssessment() async throws {
        try await Self.withClient { client in
            // Limited: age, the BP panel, GFAP; the module follows from what is given.
            var answer = try await Self.post(client, Self.request(Self.limited))
            #expect(answer.status == .ok)
            let limited = try await Self.assessed(client, #"{"module":"limited","inputs":{"age":70,"sbp":150,"dbp":85,"gfap":450.0}}"#)
            #expect(answer.json == CDSCards.answer(limited))
            // Full: FAST-ED and a finding; the LOINC GFAP code is read as GFAP, the assay from its method.
            var full = Array(Self.limited.dropLast()) + [
                Self.observation("fast", Self.own, "fastEd", ("Integer", .integer(6))),
                Self.observation("anticoag", Self.own, "anticoagulated", ("Boolean", .bool(true))),
                Self.observation("onset", Self.own, "onsetMinutes", ("Quantity", Self.quantity(.integer(45), "min"))),
                // Blood glucose by its LOINC code (2339-0, mg/dL), from the catalogue alone (issue 47).
                Self.observation("bz", Self.loinc, "2339-0", ("Quantity", Self.quantity(.number(45.5), "mg/dL"))),
            ]
            full.append(.object((Self.observation("gfapL", Self.loinc, "97604-3", ("Quantity", Self.quantity(.number(180), "pg/mL"))).objectMembers ?? [])
                + [("method", .object([("coding", .array([.object([("system", .string(FHIRVocabulary.assaySystem)), ("code", .string("istat-tbi"))])]))]))]))
            answer = try await Self.post(client, Self.request(full))
            let expected = try await Self.assessed(client, #"{"module":"full","inputs":{"age":70,"sbp":150,"dbp":85,"glucose":45.5,"gfap":180.0,"fastEd":6,"anticoagulated":true,"onsetMinutes":45,"gfapAssay":"istat-tbi"}}"#)
            #expect(answer.json == CDSCards.answer(expected))
            let cards = answer.json["cards"]?.arrayValue ?? []
            #expect(cards.first?["indicator"] == .string("critical"))
            #expect(cards.count == 2)   // offline, the ICH is the baseline's
            // Coma: GCS 6 (LOINC 9269-2) is the coma module.
            answer = try await Self.post(client, Self.request([Self.observation("gcs", Self.loinc, "9269-2", ("Integer", .integer(6))), Self.limited[2]]))
            #expect(answer.json == CDSCards.answer(try await Self.assessed(client, #"{"module":"coma","inputs":{"gfap":450.0}}"#)))
            // GFAP not given: the limited module decides without it (issue 43).
            answer = try await Self.post(client, Self.request(Array(Self.limited.prefix(2))))
            #expect(answer.json == CDSCards.answer(try await Self.assessed(client, #"{"module":"limited","inputs":{"age":70,"sbp":150,"dbp":85}}"#)))
            // A required number not given (blood pressure): nothing is assessed.
            answer = try await Self.post(client, Self.request(Array(Self.limited.prefix(1))))
            #expect(answer.status == .ok)
            #expect(answer.json == .object([("cards", .array([]))]))
        }
    }

    @Test func aBadObservationIsA400NamingIt() async throws {
        try await Self.withClient { client in
            let cases: [([JSONValue], String, String)] = [
                ([Self.observation("gfap-low", Self.own, "gfap", ("Quantity", Self.quantity(.integer(5), "pg/mL")))], "api.observationOutOfRange", "Observation/gfap-low"),
                ([Self.observation("gfap-ng", Self.own, "gfap", ("Quantity", Self.quantity(.number(0.45), "ng/mL")))], "api.observationInvalid", "Observation/gfap-ng"),
                ([Self.observation("gcs-2", Self.loinc, "9269-2", ("Integer", .integer(2))), Self.limited[2]], "api.observationOutOfRange", "Observation/gcs-2"),
                ([Self.observation("head", Self.own, "headache", ("Integer", .integer(1)))], "api.observationInvalid", "Observation/head"),
                (Array(Self.limited.prefix(2)) + [Self.observation("age2", Self.loinc, "30525-0", ("Quantity", Self.quantity(.integer(130), "a"))),
                                                  Self.limited[2]], "api.observationOutOfRange", "Observation/age2"),
            ]
            for (observations, code, name) in cases {
                let answer = try await Self.post(client, Self.request(observations))
                #expect(answer.status == .badRequest, "\(name)")
                #expect(answer.json["error"]?["code"] == .string(code), "\(name)")
                #expect(answer.json["observation"] == .string(name), "\(name)")
                #expect(answer.json["error"]?["message"]?.stringValue?.contains(name) == true, "\(name)")
            }
            let notHook = try await Self.post(client, #"{"hookInstance":"x","prefetch":{}}"#)
            #expect(notHook.status == .badRequest)
            #expect(notHook.json["error"]?["code"] == .string("api.hookRequestInvalid"))
            let noPrefetch = try await Self.post(client, #"{"hook":"patient-view","hookInstance":"x"}"#)
            #expect(noPrefetch.json["error"]?["field"] == .string("prefetch"))
        }
    }
}
