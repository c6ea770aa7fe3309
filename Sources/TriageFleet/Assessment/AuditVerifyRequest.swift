import Foundation
import StrokeAudit
import StrokeModels
import TriageEngine
import TriageLocalization

/// What `audit verify` is asked to check: the local log (against a signed head kept
/// elsewhere, if given), an export with its public key, or a collector's fleet export
/// (decrypted with the organisation key, if given). The check runs by `run`; the
/// report says where it belongs and which exit status it ends with.
///
/// ```swift
/// let request = AuditVerifyRequest(export: "audit.jsonl", publicKey: "audit.pub")
/// guard request.usageProblem == nil else { return }
/// let outcome = try request.run(audit: AuditSettings(), config: AppConfig.current) { _ in }
/// outcome.text(Localizer(language: .en)).forEach { print($0) }
/// ```
public struct AuditVerifyRequest: Sendable, Hashable {
    /// An export file to verify instead of the local log (with `FILE.manifest.json` beside it).
    public var export: String?
    /// The export's Ed25519 verification key (base64, or a file holding it).
    public var publicKey: String?
    /// A signed head kept elsewhere that the local log must contain and extend.
    public var against: String?
    /// A collector's fleet export directory to verify instead.
    public var fleetExport: String?
    /// The collector's public-keys file (fleet export).
    public var publicKeys: String?
    /// The organisation key file, to decrypt the fleet export's records.
    public var orgKey: String?
    /// A new file for the decrypted events instead of the `events` closure.
    public var decryptTo: String?

    /// A request with these parts (none given: the local log).
    public init(export: String? = nil, publicKey: String? = nil, against: String? = nil, fleetExport: String? = nil,
                publicKeys: String? = nil, orgKey: String? = nil, decryptTo: String? = nil) {
        self.export = export
        self.publicKey = publicKey
        self.against = against
        self.fleetExport = fleetExport
        self.publicKeys = publicKeys
        self.orgKey = orgKey
        self.decryptTo = decryptTo
    }

    /// The first combination that does not go together, in the command line's words; `nil` when usable.
    public var usageProblem: String? {
        if fleetExport != nil {
            if publicKeys == nil { return "--fleet-export needs --public-keys FILE (see `stroke-triage-server collector public-keys`)." }
            if export != nil || against != nil { return "--fleet-export cannot be combined with --export or --against." }
        } else if publicKeys != nil || orgKey != nil {
            return "--public-keys and --org-key go with --fleet-export DIR."
        }
        if decryptTo != nil, orgKey == nil { return "--decrypt-to needs --org-key FILE." }
        if export != nil, publicKey == nil { return "--export needs --public-key KEY (see `audit public-key`)." }
        if export != nil, against != nil { return "--against checks the local log; it cannot be combined with --export." }
        return nil
    }

    /// Runs the check: the fleet export (decrypted events to `events` unless `decryptTo`),
    /// else the export or the local log of `audit`.
    /// - Throws: `AuditError`, `FleetExportError` or `OutputFileError` when a file or key cannot
    ///   be used; a damaged log or an invalid export is no error (the outcome says so).
    public func run(audit: AuditSettings, config: AppConfig, events: (Data) -> Void) throws -> AuditVerifyOutcome {
        if let fleetExport {
            return .fleet(try FleetVerifyRunner.run(directory: fleetExport, publicKeys: publicKeys ?? "", orgKey: orgKey,
                                                    decryptTo: decryptTo, events: events))
        }
        return .log(try AuditVerifyReport.verify(location: AuditSetup.location(audit, config: config),
                                                 context: AuditSetup.context(config: config), export: export,
                                                 publicKey: publicKey, against: against))
    }
}

/// The report of `audit verify`: of the local log or an export, or of a fleet export.
public enum AuditVerifyOutcome: Sendable {
    /// The local log or an export.
    case log(AuditVerifyReport)
    /// A collector's fleet export.
    case fleet(FleetVerifyReport)

    /// The report as text lines in the localizer's language.
    public func text(_ l: Localizer) -> [String] {
        switch self {
        case .log(let report): report.text(l)
        case .fleet(let report): report.text(l)
        }
    }

    /// The report as one JSON object.
    public var json: String {
        switch self {
        case .log(let report): report.json.serialized()
        case .fleet(let report): report.json
        }
    }

    /// True when the report belongs on standard error: the decrypted events went to standard output.
    public var reportToStandardError: Bool {
        guard case .fleet(let report) = self else { return false }
        return report.eventsToStandardOutput
    }

    /// 0 when intact or valid; 1 when the log disagrees with a signed head; 65 when damaged or invalid.
    public var exitStatus: Int32 {
        switch self {
        case .log(let report):
            guard let problem = report.result.problem else { return 0 }
            return problem.reason.isHeadDisagreement ? ErrorCategory.failure.exitStatus : ErrorCategory.invalidData.exitStatus
        case .fleet(let report):
            return report.result.isValid ? 0 : ErrorCategory.invalidData.exitStatus
        }
    }
}
