import AuditFormat
import Foundation
import StrokeJSON

/// Walks a device's chain through the export: the full records (boundary
/// before the range, the range, boundary after it), each hash recomputed with
/// `AuditLayout.recordHash`, then the links up to the head, with no gap.
struct ChainWalk {
    let check: DeviceCheck
    let manifest: FleetDeviceManifest

    /// Returns every sequence's hash (hex) seen in the records and links.
    func run(records: Data, links: Data) throws(FleetProblem) -> [Int64: String] {
        let recordsFile = check.path(FleetExportLayout.recordsFile)
        let linksFile = check.path(FleetExportLayout.linksFile)
        let first = manifest.rangeFirstSequence, last = manifest.rangeLastSequence, head = manifest.headSequence
        let low = max(1, first - 1), high = min(head, last + 1)
        let lines: [AuditRecord]
        switch FleetExportLayout.decodeLines(AuditRecord.self, records) {
        case .success(let decoded): lines = decoded
        case .failure(let error): throw FleetProblem(file: recordsFile, check: "record.format", detail: "line \(error.line)")
        }
        var hashes: [Int64: String] = [:]
        var previous: Data?
        var expected = low
        for (index, line) in lines.enumerated() {
            guard line.sequence == expected else {
                throw FleetProblem(file: recordsFile, check: "chain.gap", detail: "expected sequence \(expected), found \(line.sequence)")
            }
            let previousHash = line.previousHash, hash = line.hash
            guard previousHash.count == 32, hash.count == 32 else {
                throw FleetProblem(file: recordsFile, check: "record.format", detail: "line \(index + 1)")
            }
            guard line.computedHash == hash else {
                throw FleetProblem(file: recordsFile, check: "record.hash", detail: "sequence \(line.sequence)")
            }
            if let expectedPrevious = previous ?? (line.sequence == 1 ? AuditLayout.genesisHash : nil), expectedPrevious != previousHash {
                throw FleetProblem(file: recordsFile, check: "chain.link", detail: "sequence \(line.sequence)")
            }
            try checkBoundary(line, file: recordsFile)
            hashes[line.sequence] = Hex.encode(hash)
            previous = hash
            expected += 1
        }
        guard expected == high + 1 else {
            throw FleetProblem(file: recordsFile, check: "chain.gap", detail: "records \(low)–\(high) expected, \(lines.count) found")
        }
        let linkLines: [FleetLinkLine]
        switch FleetExportLayout.decodeLines(FleetLinkLine.self, links) {
        case .success(let decoded): linkLines = decoded
        case .failure(let error): throw FleetProblem(file: linksFile, check: "link.format", detail: "line \(error.line)")
        }
        for (index, link) in linkLines.enumerated() {
            guard link.sequence == expected else {
                throw FleetProblem(file: linksFile, check: "chain.gap", detail: "expected sequence \(expected), found \(link.sequence)")
            }
            guard let previousHash = Hex.decode(link.previousHash, lowercaseOnly: true), previousHash.count == 32,
                  let hash = Hex.decode(link.hash, lowercaseOnly: true), hash.count == 32 else {
                throw FleetProblem(file: linksFile, check: "link.format", detail: "line \(index + 1)")
            }
            if let expectedPrevious = previous ?? (expected == 1 ? AuditLayout.genesisHash : nil), expectedPrevious != previousHash {
                throw FleetProblem(file: linksFile, check: "chain.link", detail: "sequence \(expected)")
            }
            hashes[link.sequence] = link.hash
            previous = hash
            expected += 1
        }
        guard expected == head + 1 else {
            throw FleetProblem(file: linksFile, check: "chain.gap", detail: "the chain ends at \(expected - 1), the head is \(head)")
        }
        let end = previous ?? AuditLayout.genesisHash
        guard Hex.encode(end) == manifest.headChainHash else {
            throw FleetProblem(file: linkLines.isEmpty ? recordsFile : linksFile, check: "head.chain",
                               detail: "the chain does not end in the head's hash")
        }
        return hashes
    }

    /// The boundary records lie outside the range, the range's ends inside it.
    func checkBoundary(_ line: AuditRecord, file: String) throws(FleetProblem) {
        let first = manifest.rangeFirstSequence, last = manifest.rangeLastSequence
        let from = check.fleet.fromMs, to = check.fleet.toMs
        let ok: Bool
        switch line.sequence {
        case first - 1: ok = line.timestampMs < from
        case last + 1: ok = line.timestampMs > to
        default: ok = true
        }
        let inside = (line.sequence != first || first > last || line.timestampMs >= from)
            && (line.sequence != last || first > last || line.timestampMs <= to)
        guard ok, inside else {
            throw FleetProblem(file: file, check: "range.boundary", detail: "sequence \(line.sequence) at \(line.timestampMs) ms")
        }
    }
}
