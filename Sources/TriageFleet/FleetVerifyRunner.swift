import AuditFormat
import FleetExport
import Foundation
import OutputFiles
import StrokeJSON
import TriageLocalization

/// `audit verify --fleet-export DIR --public-keys FILE [--org-key FILE [--decrypt-to FILE]]`:
/// verifies a collector's fleet export offline and, with the organisation key, decrypts it.
///
/// The decrypted events go to `--decrypt-to` (a new file, 0600) or, without it, to the
/// `events` closure (the front-end writes them to standard output and the report to
/// standard error, so the events can be piped). The report is rendered by `FleetVerifyReport`.
public enum FleetVerifyRunner {
    /// Verifies (and with `orgKey`, decrypts) the export in `directory`.
    /// - Parameters:
    ///   - publicKeys: path of the collector's public-keys file.
    ///   - orgKey: path of the organisation key file, to decrypt the records.
    ///   - decryptTo: a new file for the decrypted events (needs `orgKey`).
    ///   - events: receives the decrypted events when `decryptTo` is nil.
    /// - Throws: `FleetExportError` for unreadable keys, `OutputFileError` for the output file.
    ///   An invalid export is no error: the report says so (`isValid`).
    public static func run(directory: String, publicKeys: String, orgKey: String?, decryptTo: String?,
                           events: (Data) -> Void) throws -> FleetVerifyReport {
        let keys = try FleetPublicKeys(contentsOf: publicKeys)
        let organisation = try orgKey.map { path in try FleetKeyFile.organisationKey(path) }
        if let decryptTo { try OutputFile.preflight(path: decryptTo, force: false, existing: .refuseUnlessForced) }
        let url = URL(fileURLWithPath: directory)
        let result = FleetExportVerifier.verify(directory: url, keys: keys)
        var counts: FleetExportDecryptor.Counts?
        if result.isValid, let organisation {
            let (lines, tally) = FleetExportDecryptor.decrypt(directory: url, verification: result, organisationKey: organisation)
            counts = tally
            if let decryptTo {
                let file = try OutputFile(path: decryptTo, force: false, existing: .refuseUnlessForced)
                try file.write([UInt8](lines))
                try file.commit()
            } else {
                events(lines)
            }
        }
        return FleetVerifyReport(result: result, path: url.standardizedFileURL.path, counts: counts, decryptTo: decryptTo,
                                 eventsToStandardOutput: organisation != nil && decryptTo == nil)
    }
}

/// What `FleetVerifyRunner` found, as text lines or one JSON object.
public struct FleetVerifyReport: Sendable {
    /// The verification.
    public let result: FleetVerification
    /// The export directory, standardised.
    public let path: String
    /// What decrypting found, when the organisation key was given and the export is valid.
    public let counts: FleetExportDecryptor.Counts?
    /// Where the decrypted events were written, if to a file.
    public let decryptTo: String?
    /// True when the decrypted events went to the `events` closure (the report then belongs on stderr).
    public let eventsToStandardOutput: Bool

    /// The report as lines of text in the localizer's language.
    public func text(_ l: Localizer) -> [String] { Self.text(result, path: path, counts: counts, decryptTo: decryptTo, l) }

    /// The report as one JSON object.
    public var json: String { Self.json(result, path: path, counts: counts) }

    static func text(_ result: FleetVerification, path: String, counts: FleetExportDecryptor.Counts?, decryptTo: String?,
                     _ l: Localizer) -> [String] {
        var lines = [result.hasRange ? l.text("fleetverify.read", [.text(path), .text(iso(result.fromMs)), .text(iso(result.toMs))])
                        : l.text("fleetverify.readPath", [.text(path)]),
                     l.text("fleetverify.notice")]
        if let problem = result.problem {
            lines.append(l.text("fleetverify.fleetProblem", [.text(problem.file), .text(problem.check), .text(problem.detail)]))
        }
        for device in result.devices {
            if let problem = device.problem {
                lines.append(l.text("fleetverify.deviceInvalid", [.text(device.name), .text(problem.file), .text(problem.check),
                                                                  .text(problem.detail)]))
            } else {
                lines.append(l.text("fleetverify.deviceValid", [.text(device.name), .text(String(device.recordsInRange)),
                                                                .text(String(device.headSequence)), .text(String(device.signedHeads))]))
            }
        }
        lines.append(result.isValid ? l.text("fleetverify.valid", [.text(String(result.devices.count))]) : l.text("fleetverify.invalid"))
        if let counts {
            lines.append(l.text("fleetverify.decrypted", [.text(String(counts.opened)), .text(String(counts.erased)),
                                                          .text(String(counts.unopened))]))
            if let decryptTo { lines.append(l.text("fleetverify.decryptedTo", [.text(decryptTo)])) }
        }
        return lines
    }

    static func json(_ result: FleetVerification, path: String, counts: FleetExportDecryptor.Counts?) -> String {
        func problem(_ p: FleetProblem?) -> JSONValue {
            guard let p else { return .null }
            return .object([("file", .string(p.file)), ("check", .string(p.check)), ("detail", .string(p.detail))])
        }
        let devices: [JSONValue] = result.devices.map { device in
            .object([
                ("name", .string(device.name)), ("valid", .bool(device.isValid)),
                ("logId", device.logId.map { .string($0) } ?? .null),
                ("rangeFirstSequence", .integer(Int(device.rangeFirstSequence))),
                ("rangeLastSequence", .integer(Int(device.rangeLastSequence))),
                ("recordsInRange", .integer(Int(device.recordsInRange))),
                ("headSequence", .integer(Int(device.headSequence))), ("signedHeads", .integer(device.signedHeads)),
                ("problem", problem(device.problem)),
            ])
        }
        let decrypted: JSONValue = counts.map {
            .object([("opened", .integer($0.opened)), ("erased", .integer($0.erased)), ("unopened", .integer($0.unopened))])
        } ?? .null
        return JSONValue.object([
            ("valid", .bool(result.isValid)), ("source", .string("fleet-export")), ("path", .string(path)),
            ("from", result.hasRange ? .string(iso(result.fromMs)) : .null),
            ("to", result.hasRange ? .string(iso(result.toMs)) : .null),
            ("problem", problem(result.problem)), ("devices", .array(devices)), ("decrypted", decrypted),
            ("notice", .string(FleetExportLayout.notice)),
        ]).serialized()
    }

    static func iso(_ ms: Int64) -> String { UTCTime.iso(ms) }
}
