import AuditFormat
import Foundation
import StrokeJSON

/// The checks of one device directory, in order; the first failure is thrown.
struct DeviceCheck {
    let directory: URL
    let entry: FleetManifest.Device
    let fleet: FleetManifest
    let keys: FleetPublicKeys

    func path(_ file: String) -> String { FleetExportLayout.path(device: entry.name, file: file) }

    func run(into report: inout FleetDeviceReport) throws(FleetProblem) {
        guard let deviceKeys = keys.devices[entry.name] else {
            throw FleetProblem(file: FleetExportLayout.fleetManifest, check: "device.key", detail: "\(entry.name) is not in the public-keys file")
        }
        let manifestPath = path(FleetExportLayout.deviceManifest)
        let manifestData = try FleetExportVerifier.read(directory, manifestPath)
        guard FleetExportLayout.sha256(manifestData) == entry.manifestSHA256 else {
            throw FleetProblem(file: manifestPath, check: "manifest.hash", detail: "differs from the fleet manifest")
        }
        guard let manifest = try? JSONDecoder().decode(FleetDeviceManifest.self, from: manifestData),
              manifest.format == "stroke-triage-fleet-device", manifest.version == 1, manifest.device == entry.name,
              manifest.headSequence == entry.headSequence, manifest.headChainHash == entry.headChainHash,
              manifest.logId == entry.logId, manifest.headSequence >= 0,
              manifest.rangeFirstSequence >= 1, manifest.rangeLastSequence >= manifest.rangeFirstSequence - 1,
              manifest.rangeFirstSequence <= manifest.headSequence + 1, manifest.rangeLastSequence <= manifest.headSequence else {
            throw FleetProblem(file: manifestPath, check: "manifest.format", detail: "not a version 1 device manifest of \(entry.name)")
        }
        report.logId = manifest.logId
        report.rangeFirstSequence = manifest.rangeFirstSequence
        report.rangeLastSequence = manifest.rangeLastSequence
        report.headSequence = manifest.headSequence
        var files: [String: Data] = [:]
        for name in FleetExportLayout.deviceFiles {
            let data = try FleetExportVerifier.read(directory, path(name))
            guard manifest.files[name] == FleetExportLayout.sha256(data) else {
                throw FleetProblem(file: path(name), check: "file.hash", detail: "differs from the device manifest")
            }
            files[name] = data
        }
        let hashes = try ChainWalk(check: self, manifest: manifest).run(records: files[FleetExportLayout.recordsFile] ?? Data(),
                                                                         links: files[FleetExportLayout.linksFile] ?? Data())
        report.signedHeads = try checkHeads(files[FleetExportLayout.headsFile] ?? Data(), manifest: manifest,
                                            hashes: hashes, deviceKeys: deviceKeys)
        try checkWrappedKeys(files[FleetExportLayout.wrappedKeysFile] ?? Data(), manifest: manifest,
                             records: files[FleetExportLayout.recordsFile] ?? Data())
    }

    /// Every head signed by one of the device's keys, of the manifest's log, agreeing with the chain where it
    /// overlaps it, never lowering erasures or key epoch; the latest one is the manifest's head.
    func checkHeads(_ data: Data, manifest: FleetDeviceManifest, hashes: [Int64: String], deviceKeys: [Data]) throws(FleetProblem) -> Int {
        let file = path(FleetExportLayout.headsFile)
        let lines = data.split(separator: 0x0a)
        var previous: AuditHead?
        for (index, line) in lines.enumerated() {
            guard let head = AuditHead(json: Data(line)) else {
                throw FleetProblem(file: file, check: "head.format", detail: "line \(index + 1)")
            }
            guard head.isSigned(byOneOf: deviceKeys) else {
                throw FleetProblem(file: file, check: "head.signature", detail: "line \(index + 1), sequence \(head.sequence)")
            }
            guard head.logIDHex == manifest.logId else {
                throw FleetProblem(file: file, check: "head.logId", detail: "line \(index + 1), sequence \(head.sequence)")
            }
            if let known = hashes[head.sequence], known != Hex.encode(head.chainHash) {
                throw FleetProblem(file: file, check: "head.chain", detail: "sequence \(head.sequence) disagrees with the chain")
            }
            if let previous {
                guard head.sequence >= previous.sequence, head.erasedKeys >= previous.erasedKeys,
                      head.keyEpoch >= previous.keyEpoch else {
                    throw FleetProblem(file: file, check: "head.rollback", detail: "line \(index + 1), sequence \(head.sequence)")
                }
            }
            previous = head
        }
        if manifest.headSequence > 0 || previous != nil {
            guard let latest = previous, latest.sequence == manifest.headSequence,
                  Hex.encode(latest.chainHash) == manifest.headChainHash else {
                throw FleetProblem(file: file, check: "head.missing", detail: "no signed head at sequence \(manifest.headSequence)")
            }
        }
        return lines.count
    }

    /// Wrapped keys only of the range's records, never of an erased key.
    func checkWrappedKeys(_ data: Data, manifest: FleetDeviceManifest, records: Data) throws(FleetProblem) {
        let file = path(FleetExportLayout.wrappedKeysFile)
        guard case .success(let lines) = FleetExportLayout.decodeLines(WrappedDataKey.self, data) else {
            throw FleetProblem(file: file, check: "keys.format", detail: "")
        }
        let recordLines = (try? FleetExportLayout.decodeLines(AuditRecord.self, records).get()) ?? []
        let inRange = Set(recordLines.filter { $0.sequence >= manifest.rangeFirstSequence && $0.sequence <= manifest.rangeLastSequence }
            .map(\.dataKeyId))
        let erased = Set(manifest.erasedKeyIds)
        for line in lines {
            guard inRange.contains(line.dataKeyId), !erased.contains(line.dataKeyId) else {
                throw FleetProblem(file: file, check: "keys.unexpected", detail: "data key \(line.dataKeyId)")
            }
        }
    }
}
