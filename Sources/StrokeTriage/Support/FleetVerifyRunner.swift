import StrokeJSON
import ArgumentParser
import FleetExport
import Foundation
import OutputFiles

/// `audit verify --fleet-export DIR --public-keys FILE [--org-key FILE [--decrypt-to FILE]]`:
/// verifies a collector's fleet export offline and, with the organisation key, decrypts it.
///
/// The report (text, or one JSON object with `--json`) goes to standard output; when the
/// decrypted events go to standard output (`--org-key` without `--decrypt-to`), the report
/// goes to standard error instead, so the events can be piped. Exit 0 valid, 65 invalid.
enum FleetVerifyRunner {
    static func run(directory: String, publicKeys: String, orgKey: String?, decryptTo: String?, output: OutputOptions) throws {
        let keys = try Failure.report(output) { try FleetPublicKeys(contentsOf: publicKeys) }
        let organisation = try orgKey.map { path in try Failure.report(output) { try FleetKeyFile.organisationKey(path) } }
        if let decryptTo {
            try Failure.report(output) { try OutputFile.preflight(path: decryptTo, force: false, existing: .refuseUnlessForced) }
        }
        let url = URL(fileURLWithPath: directory)
        let result = FleetExportVerifier.verify(directory: url, keys: keys)
        var counts: FleetExportDecryptor.Counts?
        let eventsToStdout = organisation != nil && decryptTo == nil
        if result.isValid, let organisation {
            let (lines, tally) = FleetExportDecryptor.decrypt(directory: url, verification: result, organisationKey: organisation)
            counts = tally
            if let decryptTo {
                try Failure.report(output) {
                    let file = try OutputFile(path: decryptTo, force: false, existing: .refuseUnlessForced)
                    try file.write([UInt8](lines))
                    try file.commit()
                }
            } else {
                Console.outRaw(String(decoding: lines, as: UTF8.self))
            }
        }
        let report = output.json ? [json(result, path: url.standardizedFileURL.path, counts: counts)]
            : text(result, path: url.standardizedFileURL.path, counts: counts, decryptTo: decryptTo, output: output)
        for line in report { eventsToStdout ? Console.err(line) : Console.out(line) }
        if !result.isValid { throw ExitStatus.invalidData }
    }

    static func text(_ result: FleetVerification, path: String, counts: FleetExportDecryptor.Counts?, decryptTo: String?,
                     output: OutputOptions) -> [String] {
        let l = output.localizer
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

    static func iso(_ ms: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
    }
}
