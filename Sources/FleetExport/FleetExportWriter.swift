import AuditFormat
import Crypto
import Foundation
import OutputFiles
import StrokeJSON

/// What the collector read for one device, ready to be written.
public struct FleetDeviceContent: Sendable {
    /// The device's name.
    public let name: String
    /// Its bound log id, if any.
    public let logId: String?
    /// The first and last sequence of the range (`last < first` when no record lies in it).
    public let rangeFirstSequence: Int64, rangeLastSequence: Int64
    /// The head the export proves: the latest signed head (sequence and hash).
    public let headSequence: Int64, headHash: Data
    /// The records from the boundary before the range to the boundary after it, ascending.
    public let records: [AuditRecord]
    /// The links after the last record up to the head, ascending.
    public let links: [FleetLinkLine]
    /// Every accepted signed head, ascending by sequence then time.
    public let heads: [AuditHead]
    /// Wrapped data keys of the range's records, sorted.
    public let wrappedKeys: [WrappedDataKey]
    /// Erased data key ids of the range's records, sorted.
    public let erasedKeyIds: [String]

    /// Creates a device's content.
    public init(name: String, logId: String?, rangeFirstSequence: Int64, rangeLastSequence: Int64, headSequence: Int64,
                headHash: Data, records: [AuditRecord], links: [FleetLinkLine], heads: [AuditHead],
                wrappedKeys: [WrappedDataKey], erasedKeyIds: [String]) {
        self.name = name
        self.logId = logId
        self.rangeFirstSequence = rangeFirstSequence
        self.rangeLastSequence = rangeLastSequence
        self.headSequence = headSequence
        self.headHash = headHash
        self.records = records
        self.links = links
        self.heads = heads
        self.wrappedKeys = wrappedKeys
        self.erasedKeyIds = erasedKeyIds
    }
}

/// Writes a fleet export directory: per device its files and manifest, then
/// the fleet manifest and the collector's signature over it (last, so an
/// interrupted export has no signature and never verifies). Every file goes
/// through `OutputFile` (temporary file, fsync, rename; mode 0600).
public enum FleetExportWriter {
    /// Summary of a written export.
    public struct Summary: Sendable, Hashable {
        /// Devices written.
        public let devices: Int
        /// Records in range, over all devices.
        public let records: Int
    }

    /// Writes `devices` (sorted by name here) for the range to `directory`.
    /// - Throws: `FleetExportError` (`exportNotEmpty` without `force`, `outputRefused`).
    @discardableResult
    public static func write(devices: [FleetDeviceContent], fromMs: Int64, toMs: Int64,
                             signingKey: Curve25519.Signing.PrivateKey, to directory: String,
                             force: Bool) throws(FleetExportError) -> Summary {
        try prepare(directory, force: force)
        var entries: [FleetManifest.Device] = []
        var records = 0
        for device in devices.sorted(by: { $0.name < $1.name }) {
            let folder = directory + "/" + FleetExportLayout.devicesDirectory + "/" + device.name
            try makeDirectory(folder)
            let contents: [String: Data] = [
                FleetExportLayout.recordsFile: FleetExportLayout.jsonLines(device.records),
                FleetExportLayout.linksFile: FleetExportLayout.jsonLines(device.links),
                FleetExportLayout.headsFile: FleetExportLayout.jsonLines(device.heads),
                FleetExportLayout.wrappedKeysFile: FleetExportLayout.jsonLines(device.wrappedKeys),
            ]
            var hashes: [String: String] = [:]
            for name in FleetExportLayout.deviceFiles {
                let data = contents[name] ?? Data()
                try write(data, to: folder + "/" + name, force: force)
                hashes[name] = FleetExportLayout.sha256(data)
            }
            let headHex = Hex.encode(device.headHash)
            let manifest = FleetDeviceManifest(
                device: device.name, logId: device.logId, rangeFirstSequence: device.rangeFirstSequence,
                rangeLastSequence: device.rangeLastSequence, headSequence: device.headSequence, headChainHash: headHex,
                erasedKeyIds: device.erasedKeyIds, files: hashes)
            let manifestData = FleetExportLayout.json(manifest) + Data("\n".utf8)
            try write(manifestData, to: folder + "/" + FleetExportLayout.deviceManifest, force: force)
            entries.append(FleetManifest.Device(name: device.name, logId: device.logId, headSequence: device.headSequence,
                                                headChainHash: headHex, manifestSHA256: FleetExportLayout.sha256(manifestData)))
            records += max(0, Int(device.rangeLastSequence - device.rangeFirstSequence + 1))
        }
        let fleet = FleetManifest(fromMs: fromMs, toMs: toMs,
                                  collectorPublicKey: signingKey.publicKey.rawRepresentation.base64EncodedString(), devices: entries)
        let fleetData = FleetExportLayout.json(fleet) + Data("\n".utf8)
        try write(fleetData, to: directory + "/" + FleetExportLayout.fleetManifest, force: force)
        guard let signature = try? signingKey.signature(for: FleetExportLayout.signedMessage(fleetData)) else {
            throw FleetExportError(.keyFileInvalid, "signing key")
        }
        try write(Data((signature.base64EncodedString() + "\n").utf8), to: directory + "/" + FleetExportLayout.fleetSignature,
                  force: force)
        return Summary(devices: entries.count, records: records)
    }

    /// Creates `directory` (0700) or accepts an empty one; a non-empty one only with `force`.
    static func prepare(_ directory: String, force: Bool) throws(FleetExportError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw FleetExportError(.outputRefused, directory, output: OutputFileError(path: directory, reason: .exists))
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if !entries.isEmpty, !force { throw FleetExportError(.exportNotEmpty, directory) }
        }
        try makeDirectory(directory)
        try makeDirectory(directory + "/" + FleetExportLayout.devicesDirectory)
    }

    private static func makeDirectory(_ path: String) throws(FleetExportError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw FleetExportError(.outputRefused, path, output: OutputFileError(path: path, reason: .cannotCreate))
        }
    }

    private static func write(_ data: Data, to path: String, force: Bool) throws(FleetExportError) {
        do {
            let file = try OutputFile(path: path, force: force, existing: .replace)
            try file.write([UInt8](data))
            try file.commit()
        } catch {
            throw FleetExportError(.outputRefused, path, output: error)
        }
    }
}
