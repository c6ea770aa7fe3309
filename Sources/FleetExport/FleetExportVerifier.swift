import AuditFormat
import Foundation

/// Verifies a fleet export offline with the public keys only: the
/// collector's signature over the fleet manifest, every manifest hash, every
/// record's hash and link, no gap from the range's boundary records to each
/// device's latest signed head, and every signed head under the device's keys.
///
/// Pure: reads the directory and computes; no network, no database.
public enum FleetExportVerifier {
    /// Verifies the export in `directory` against `keys`.
    public static func verify(directory: URL, keys: FleetPublicKeys) -> FleetVerification {
        var result = FleetVerification()
        let fleet: FleetManifest
        do throws(FleetProblem) {
            fleet = try verifyFleetManifest(directory, keys: keys)
        } catch {
            result.problem = error
            return result
        }
        result.fromMs = fleet.fromMs
        result.toMs = fleet.toMs
        result.hasRange = true
        var seen = Set<String>()
        for entry in fleet.devices.sorted(by: { $0.name < $1.name }) {
            var report = FleetDeviceReport(name: entry.name)
            do throws(FleetProblem) {
                guard isSafeName(entry.name), seen.insert(entry.name).inserted else {
                    throw FleetProblem(file: FleetExportLayout.fleetManifest, check: "device.name", detail: entry.name)
                }
                try DeviceCheck(directory: directory, entry: entry, fleet: fleet, keys: keys).run(into: &report)
            } catch {
                report.problem = error
            }
            result.devices.append(report)
        }
        return result
    }

    /// Reads the fleet manifest after checking the collector's signature over its exact bytes.
    static func verifyFleetManifest(_ directory: URL, keys: FleetPublicKeys) throws(FleetProblem) -> FleetManifest {
        let data = try read(directory, FleetExportLayout.fleetManifest)
        let signatureText = String(decoding: try read(directory, FleetExportLayout.fleetSignature), as: UTF8.self)
        guard let signature = Data(base64Encoded: signatureText.trimmingCharacters(in: .whitespacesAndNewlines)),
              SignedMessage.isValid(signature, of: FleetExportLayout.signedMessage(data), publicKey: keys.collector) else {
            throw FleetProblem(file: FleetExportLayout.fleetSignature, check: "fleet.signature",
                               detail: "does not verify under the collector key of the public-keys file")
        }
        guard let manifest = try? JSONDecoder().decode(FleetManifest.self, from: data),
              manifest.format == "stroke-triage-fleet-export", manifest.version == 1, manifest.fromMs <= manifest.toMs else {
            throw FleetProblem(file: FleetExportLayout.fleetManifest, check: "manifest.format", detail: "not a version 1 fleet manifest")
        }
        return manifest
    }

    /// The bytes of `name` under `directory`.
    static func read(_ directory: URL, _ name: String) throws(FleetProblem) -> Data {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            throw FleetProblem(file: name, check: "file.missing", detail: "not found or not readable")
        }
        return data
    }

    /// 1–64 of `A–Z a–z 0–9 . _ -`, not `.` or `..` (the collector's device names; never a path).
    static func isSafeName(_ name: String) -> Bool {
        name != "." && name != ".." && (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}

extension FleetProblem: Error {}
