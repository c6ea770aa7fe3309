import AuditFormat
import BatchStreaming
import Crypto
import Foundation

/// Verifies an export and its manifest with the public key only (no
/// encryption key): file hash, hash chain over the exported records, the
/// manifest's export signature, the checkpoint's signature and (version 2
/// manifests) the signed head made with the checkpoint.
public enum AuditExportVerifier {
    /// Parses a public key given as base64 text of the raw 32 bytes, or as a file holding that text.
    public static func publicKey(_ text: String) throws -> Data {
        guard let raw = AuditHead.publicKey(fromText: text) else { throw AuditError.publicKeyInvalid }
        return raw
    }

    /// Verifies `file` against `<file>.manifest.json` and the raw public key.
    /// - Throws: `AuditError` when a file cannot be read or the manifest is not one.
    public static func verify(file: URL, publicKey: Data) throws -> AuditVerification {
        let manifest = try AuditManifest(contentsOf: AuditExportRequest.manifestURL(for: file))
        var result = AuditVerification()
        result.checkpoints = 1
        // The checkpoint and the export statement must be signed by this key.
        guard manifest.checkpoint.publicKey == publicKey, manifest.checkpoint.isValid(publicKey: publicKey) else {
            result.problem = AuditProblem(sequence: manifest.checkpoint.sequence, reason: .checkpointSignature)
            return result
        }
        // A version 2 manifest carries the signed head made with the checkpoint: same key, same place in the chain.
        if let head = manifest.head {
            guard head.isSigned(byOneOf: [publicKey]) else {
                result.problem = AuditProblem(sequence: head.sequence, reason: .headSignature)
                return result
            }
            guard head.sequence == manifest.checkpoint.sequence, head.chainHash == manifest.checkpoint.headHash else {
                result.problem = AuditProblem(sequence: head.sequence, reason: .forked)
                return result
            }
        }
        guard let handle = try? FileHandle(forReadingFrom: file) else { throw AuditError.exportUnreadable(file.path) }
        defer { try? handle.close() }
        // The shared line reader, hashing every byte it reads; lines keep a CR (the file hash covers it anyway).
        var hasher = SHA256()
        let reader = LineReader(fd: handle.fileDescriptor, keepsCarriageReturns: true) { hasher.update(bufferPointer: $0) }
        let isCSV = manifest.exportFormat == "csv"
        if isCSV { _ = try nextLine(reader, file) }  // header row
        var previous: Data? = Hex.decode(manifest.firstPreviousHash[...])
        var expected: Int64? = manifest.count > 0 ? manifest.first : nil
        var firstProblem: AuditProblem?
        while let read = try nextLine(reader, file) {
            guard let line = read else {  // longer than the reader accepts: no record is
                if firstProblem == nil { firstProblem = AuditProblem(sequence: expected ?? (result.headSequence + 1), reason: .malformedRecord) }
                continue
            }
            if line.isEmpty { continue }
            guard firstProblem == nil else { continue }  // keep reading: the file hash covers every byte
            let sequenceHint = expected ?? (result.headSequence + 1)
            guard let record = isCSV ? ExportRecord.csv(line) : ExportRecord.jsonl(line) else {
                firstProblem = AuditProblem(sequence: sequenceHint, reason: .malformedRecord)
                continue
            }
            if let want = expected, record.sequence != want {
                firstProblem = AuditProblem(sequence: want, reason: record.sequence > want ? .missingRecord : .brokenLink)
                continue
            }
            if record.previousHash != previous {
                firstProblem = AuditProblem(sequence: record.sequence, reason: .brokenLink)
                continue
            }
            let hash = AuditLayout.recordHash(sequence: record.sequence, timestamp: record.timestamp, type: record.type,
                                              ciphertext: record.ciphertext, previousHash: record.previousHash)
            if hash != record.hash {
                firstProblem = AuditProblem(sequence: record.sequence, reason: .hashMismatch)
                continue
            }
            if record.sequence == manifest.checkpoint.sequence, hash != manifest.checkpoint.headHash {
                firstProblem = AuditProblem(sequence: record.sequence, reason: .checkpointMismatch)
                continue
            }
            previous = hash
            expected = record.sequence + 1
            result.records += 1
            result.headSequence = record.sequence
        }
        if let firstProblem {
            result.problem = firstProblem
            return result
        }
        if result.records != manifest.count || (manifest.count > 0 && (result.headSequence != manifest.last
            || Hex.encode(previous ?? Data()) != manifest.lastHash.lowercased())) {
            result.problem = AuditProblem(sequence: result.headSequence + 1, reason: .truncated)
            return result
        }
        let digest = Data(hasher.finalize())
        if Hex.encode(digest) != manifest.sha256.lowercased() {
            result.problem = AuditProblem(sequence: manifest.first, reason: .exportHashMismatch)
            return result
        }
        let firstPrevious = Hex.decode(manifest.firstPreviousHash[...]) ?? Data()
        let lastHash = Hex.decode(manifest.lastHash[...]) ?? Data()
        let message = if let head = manifest.head {
            AuditLayout.exportMessageV2(exportSHA256: digest, first: manifest.first, last: manifest.last, firstPreviousHash: firstPrevious,
                                        lastHash: lastHash, checkpointSequence: manifest.checkpoint.sequence,
                                        checkpointHash: manifest.checkpoint.headHash, logID: head.logID, headSignature: head.signature)
        } else {
            AuditLayout.exportMessage(exportSHA256: digest, first: manifest.first, last: manifest.last, firstPreviousHash: firstPrevious,
                                      lastHash: lastHash, checkpointSequence: manifest.checkpoint.sequence,
                                      checkpointHash: manifest.checkpoint.headHash)
        }
        guard SignedMessage.isValid(manifest.exportSignature, of: message, publicKey: publicKey) else {
            result.problem = AuditProblem(sequence: manifest.first, reason: .manifestMismatch)
            return result
        }
        return result
    }

    /// The next line of the export (nil at its end; `.some(nil)` for a line over
    /// `LineReader.maximumLineLength`, skipped unread).
    /// - Throws: `AuditError.exportUnreadable` when reading fails.
    private static func nextLine(_ reader: LineReader, _ file: URL) throws -> ArraySlice<UInt8>?? {
        var line: ArraySlice<UInt8> = []
        do {
            guard try reader.nextLine({ line = ArraySlice($0) }) else { return nil }
            return .some(line)
        } catch let error as StreamingError where error == .lineTooLong {
            return .some(nil)
        } catch {
            throw AuditError.exportUnreadable(file.path)
        }
    }
}
