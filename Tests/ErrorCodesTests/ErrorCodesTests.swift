import BatchStreaming
import Foundation
import CaseWire
import ErrorCodeChecks
import FleetExport
import HTTPTransfer
import OutputFiles
import StrokeAudit
import StrokeCenters
@testable import StrokeCloud
import StrokeModels
import Testing
import TriageLocalization

/// Every error type of the library modules (the server modules' types are checked in
/// StrokeCollectorTests and StrokeLocalAPITests): codes of the form `domain.reason`,
/// unique, documented in docs/errors.md with their exit status, and messages whose keys
/// exist in English and German. Each sample list covers every code of its type.
@Suite("Error codes")
struct ErrorCodesTests {
    static let catalogue = Result { try ErrorCodeCatalogue.load() }

    func check<E: TriageError>(_ type: E.Type, _ samples: [E]) throws {
        let catalogue = try Self.catalogue.get()
        let problems = catalogue.problems(type, samples: samples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("docs/errors.md lists each code once, inside a type's section")
    func documentIsWellFormed() throws {
        let catalogue = try Self.catalogue.get()
        #expect(catalogue.documentProblems.isEmpty, "\(catalogue.documentProblems)")
        #expect(catalogue.entries.count > 100)
        for code in catalogue.entries.keys { #expect(code.wholeMatch(of: ErrorCodeCatalogue.pattern) != nil, "\(code)") }
    }

    @Test("README names every documented domain and links docs/errors.md")
    func readmeNamesTheDomains() throws {
        let readme = try String(contentsOf: ErrorCodeCatalogue.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("docs/errors.md"))
        let domains = Set(try Self.catalogue.get().entries.keys.map { String($0.split(separator: ".")[0]) })
        for domain in domains { #expect(readme.contains("`\(domain)`"), "README lacks the domain \(domain)") }
    }

    @Test("the exit statuses of the categories")
    func exitStatuses() {
        let statuses = ErrorCategory.allCases.map { "\($0.rawValue)=\($0.exitStatus)" }
        #expect(statuses == ["usage=64", "invalidData=65", "unavailable=69", "cannotCreate=73", "ioError=74",
                             "config=78", "interrupted=130", "failure=1"])
    }

    @Test("an untranslated message renders as its text in both languages")
    func untranslated() {
        let message = Message.untranslated("The relay cannot be reached")
        #expect(Localizer(language: .en).render(message) == "The relay cannot be reached")
        #expect(Localizer(language: .de).render(message) == "The relay cannot be reached")
        #expect(message.untranslatedText == "The relay cannot be reached")
        #expect(Message("error.prefix").untranslatedText == nil)
    }

    /// A type the checker must reject: a malformed code, an undocumented one, a code
    /// without a sample, and a message key in no table.
    struct Unlisted: TriageError {
        var code: String
        var message: Message { Message("nowhere.key") }
        var cause: String? { nil }
        var category: ErrorCategory { .failure }
        static let codes = ["Bad.code.x", "unlisted.thing", "unlisted.unsampled"]
    }

    @Test("the checker finds malformed, undocumented, unsampled codes and missing keys")
    func checkerIsNotVacuous() throws {
        let problems = try Self.catalogue.get().problems(Unlisted.self, samples: [Unlisted(code: "unlisted.thing")])
        #expect(problems.contains("Bad.code.x: not of the form domain.reason"))
        #expect(problems.contains("unlisted.thing: not in docs/errors.md"))
        #expect(problems.contains("unlisted.unsampled: no sample value in the test"))
        #expect(problems.contains("unlisted.thing: message key nowhere.key is missing in Localization/en or /de"))
        let wrongType = try Self.catalogue.get().problems(Unlisted.self, samples: [Unlisted(code: "audit.wrongKey")])
        #expect(wrongType.contains("audit.wrongKey: produced by Unlisted but not in its codes"))
    }

    @Test func modelsError() throws {
        let issue = ValidationIssue(field: .gfap, allowed: TriageRules.allowed(.gfap), given: 5)
        try check(ModelsError.self, [ModelsError(issue)])
        #expect(ModelsError(issue).category.exitStatus == 65)
        #expect(Localizer.keys(.en).contains(ModelsError.headlineKey) && Localizer.keys(.de).contains(ModelsError.headlineKey))
    }

    @Test func cloudError() throws {
        let samples: [CloudError] = [
            .dns("x"), .connectFailed("x"), .tls("x"), .timeout("x"), .connectionLost("x"),
            .httpStatus(503, errorText: "busy"), .httpStatus(400, errorText: nil), .malformedJSON("x"), .wrongTypes("risk"),
            .oversize(limit: 10), .deadlineExceeded(seconds: 3), .cancelled, .notAModel("x"), .nonDeterministic("x"),
            .transport("x"), .combining([.dns("x").attributed(to: "predict_lvo"), .timeout(nil)]),
        ]
        try check(CloudError.self, samples)
        #expect(CloudError.cancelled.category == .interrupted)
        #expect(CloudError.httpStatus(400, errorText: nil).category == .unavailable)
    }

    @Test func httpTransferError() throws {
        try check(HTTPTransferError.self, HTTPTransferError.Reason.allCases.map { HTTPTransferError($0, "x") })
        #expect(HTTPTransferError(.cancelled).category == .interrupted)
        #expect(HTTPTransferError(.tls, "SSL certificate problem").certificateProblem == "SSL certificate problem")
        #expect(CloudError(HTTPTransferError(.connect, "x"), deadline: 10).code == "cloud.connect")
        #expect(CloudError(HTTPTransferError(.deadline), deadline: 10).code == "cloud.deadline")
    }

    @Test func centersError() throws {
        let samples: [CentersError] = [
            .unreadable(file: "c.json", cause: nil), .malformedJSON(dataset: "c", cause: nil), .unsupportedFormat(dataset: "c"),
            .emptyDataset(dataset: "c"), .missingField(record: "1", field: "lat"),
            .invalidField(record: "1", field: "lat", expected: "number"),
            .coordinateOutOfRange(record: "1", field: "lat", value: 91), .duplicateID(record: "2", first: "1"),
            .duplicateSite(record: "2", other: "1"),
            .inputOutOfRange(field: Message("field.lat"), range: AllowedRange(lower: -90, upper: 90), value: 91),
            .unknownPlace("Nowhere"), .ambiguousPlace("Neustadt", candidates: ["a", "b"]),
            .noEligibleCenter(requirement: "thrombectomy"),
        ]
        try check(CentersError.self, samples)
        #expect(CentersError.unknownPlace("x").code == "centers.unknownPlace")
        #expect(CentersError.unknownPlace("x").message.key == "centers.error.unknownPlace")
    }

    @Test func auditError() throws {
        let samples: [AuditError] = [
            .keyFileUnsafe("k"), .keyFileUnreadable("k"), .keyFileInvalid("k"), .keyFileWrite("k"), .passphraseRequired,
            .passphraseWrong, .wrongKey, .databaseUnavailable("d"), .databaseLocked("d"), .diskFull("d"),
            .databaseCorrupt("d"), .assessmentErased, .unknownAssessment("a"), .exportWrite("e"), .exportUnreadable("e"),
            .manifestInvalid("m"), .publicKeyInvalid, .invalidRange, .logMissing("l"), .keyFileNotAFile("k"),
            .staleKeyFile("k"), .foreignLog("l"), .logBehindHead("l"), .headMissing("h"), .headInvalid("h"), .headWrite("h"),
            .databaseNewer("d"), .newLogRequired("l"), .logExists("l"),
        ]
        try check(AuditError.self, samples)
        #expect(AuditError.wrongKey.code == "audit.wrongKey" && AuditError.wrongKey.reason == "wrongKey")
        #expect(AuditError.wrongKey.message.key == "audit.error.wrongKey")
    }

    @Test func outputFileError() throws {
        try check(OutputFileError.self, OutputFileError.Reason.allCases.map { OutputFileError(path: "out.json", reason: $0) })
        #expect(OutputFileError(path: "p", reason: .exists).message.key == "output.exists")
    }

    @Test func streamingError() throws {
        try check(StreamingError.self, [.readFailed(errno: 5), .writeFailed(errno: 28), .lineTooLong])
        #expect(StreamingError.lineTooLong.localizationKey == "batch.stream.lineTooLong")
    }

    @Test func fleetExportError() throws {
        let samples: [FleetExportError] = FleetExportError.Kind.allCases.map { FleetExportError($0, "path") } + [
            FleetExportError(.outputRefused, "p", output: OutputFileError(path: "p", reason: .diskFull)),
            FleetExportError(.outputRefused, "p", output: OutputFileError(path: "p", reason: .cannotWrite)),
        ]
        try check(FleetExportError.self, samples)
        #expect(samples.map(\.processExitCode) == [64, 64, 64, 64, 73, 73, 74, 1])
        // The real cause (issue 46): a file that is not there is "not found"; bad JSON names its line and column.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-public-keys-\(getpid()).json").path
        #expect(throws: FleetExportError(.publicKeysMissing, missing)) { try FleetPublicKeys(contentsOf: missing) }
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-public-keys-\(getpid()).json")
        try Data("{\"collector\": \"a\",\n  \"devices\": {,}}\n".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        do {
            _ = try FleetPublicKeys(contentsOf: broken.path)
            Issue.record("a broken file was read")
        } catch {
            #expect(error.kind == .publicKeysInvalid && error.detail.contains(": line 2, column 15: expected a member name"), "\(error.detail)")
        }
    }

    @Test func caseWireError() throws {
        try check(CaseWireError.self, [.hospitalKeyInvalid, .keyFileInvalid, .sealFailed, .caseIdInvalid, .hospitalIdInvalid])
    }
}
