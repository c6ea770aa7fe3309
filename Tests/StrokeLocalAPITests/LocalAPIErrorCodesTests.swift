import ErrorCodeChecks
import HTTPTypes
import StrokeLocalAPI
import StrokeModels
import Testing

/// The local API's error type against the one error protocol and docs/errors.md.
@Suite("Local API error codes")
struct LocalAPIErrorCodesTests {
    @Test func localAPIError() throws {
        let samples: [LocalAPIError] = [
            .invalidJSON, .notAnObject, .duplicateField("gfap_value"), .bodyTooLarge(limit: 10), .timeout(seconds: 5), .notFound, .methodNotAllowed,
            .missingField("age_years"), .wrongType("age_years", expected: "a number"),
            .outOfRange("age_years", allowed: "0…120", given: "121"), .notApplicable("age_years", allowed: "≥ 18", given: "12"),
            .configurationInvalid("listen: not HOST:PORT"), .unavailable("cannot bind"), .httpStatus(.badRequest),
            .internalError, .unknownField("inputs", allowed: ["age"]), .unsupportedMode,
            LocalAPIError(code: "api.unknownPlace", status: .unprocessableContent, message: "near names no place.", field: "near"),
            LocalAPIError(code: "api.ambiguousPlace", status: .unprocessableContent, message: "near may mean several places.", field: "near"),
            .misconfigured("centers.unreadable"),
            LocalAPIError(code: "api.configUnreadable", status: .internalServerError, message: "The configuration file cannot be read."),
            LocalAPIError(code: "api.auditUnavailable", status: .internalServerError, message: "The audit log cannot be opened."),
            .malformedRequest,
            .researchAccessOff, .invalidAction, .invalidCredentials, .sessionInvalid, .rateLimited,
            .hookRequestInvalid("prefetch", "must be an object"), .observationInvalid("Observation/gfap-1", "has no valueBoolean"),
            .observationOutOfRange("Observation/bp-1", field: "gcs", allowed: "3–15", given: "2"), .cdsUnauthorized("the token has expired"),
        ]
        let problems = try ErrorCodeCatalogue.load().problems(LocalAPIError.self, samples: samples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(samples.map(\.category.exitStatus) == [65, 65, 65, 65, 1, 64, 64, 65, 65, 65, 65, 64, 69, 65, 1, 65, 65, 65, 65, 78, 78, 1, 65,
                                                        1, 65, 64, 64, 64, 65, 65, 65, 64])
    }
}
