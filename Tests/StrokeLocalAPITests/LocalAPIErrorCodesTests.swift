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
            .invalidJSON, .notAnObject, .bodyTooLarge(limit: 10), .timeout(seconds: 5), .notFound, .methodNotAllowed,
            .missingField("age_years"), .wrongType("age_years", expected: "a number"),
            .outOfRange("age_years", allowed: "0…120", given: "121"), .notApplicable("age_years", allowed: "≥ 18", given: "12"),
            .configurationInvalid("listen: not HOST:PORT"), .unavailable("cannot bind"), .httpStatus(.badRequest),
            .internalError,
        ]
        let problems = try ErrorCodeCatalogue.load().problems(LocalAPIError.self, samples: samples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(samples.map(\.category.exitStatus) == [65, 65, 65, 1, 64, 64, 65, 65, 65, 65, 64, 69, 65, 1])
    }
}
