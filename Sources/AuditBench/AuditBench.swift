import Foundation
import StrokeAudit

/// `audit-bench [--appends N] [--events N] [--dir PATH]`: durable appends
/// against a raw SQLite insert with the same pragmas (same run), then verify
/// and export throughput and peak memory on a log of N events. Prints
/// Markdown rows `| what | baseline (same run) | measured | ratio | goal |`.
@main
enum AuditBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
            return Int(arguments[index + 1]) ?? fallback
        }
        let appends = option("--appends", 1000)
        let events = option("--events", 100_000)
        let root: URL
        if let index = arguments.firstIndex(of: "--dir"), index + 1 < arguments.count {
            root = URL(fileURLWithPath: arguments[index + 1]).appendingPathComponent("audit-bench-\(UUID().uuidString)")
        } else {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("audit-bench-\(UUID().uuidString)")
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        // A payload the size of a prediction event (inputs, two predictions with provenance).
        let payload = Data(("{\"module\":\"full\",\"inputs\":{\"age\":71,\"sbp\":182,\"dbp\":96,\"gfap\":412.5,\"fastEd\":5},"
            + "\"ich\":{\"probability\":0.4312,\"riskLevel\":\"medium\",\"source\":\"local\",\"model\":\"ich-2024.09\"},"
            + "\"lvo\":{\"probability\":0.6123,\"riskLevel\":\"high\",\"source\":\"local\",\"model\":\"2024.09.28-calibrated\"},"
            + "\"warnings\":[],\"disclaimer\":\"Research use only.\"}").utf8)
        let context = AuditLog.Context(operator: "bench", appVersion: "bench")

        // 1. Durable appends, alternating rounds of raw and audit to share the disk's moods.
        let raw = try RawSQLite(path: root.appendingPathComponent("raw.sqlite").path)
        let rawBlob = [UInt8](repeating: 0x5A, count: payload.count + 120 + 28)
        let hash = [UInt8](repeating: 0x11, count: 32)
        let appendLocation = AuditLog.Location(database: root.appendingPathComponent("appends.sqlite"),
                                               keyFile: root.appendingPathComponent("appends-keys.json"))
        let log = try AuditLog.open(appendLocation, context: context)
        let assessment = AuditLog.newAssessmentID()
        var rawSeconds = 0.0, auditSeconds = 0.0, sequence: Int64 = 0
        let rounds = 4
        for _ in 0..<rounds {
            rawSeconds += try time {
                for _ in 0..<(appends / rounds) {
                    sequence += 1
                    try raw.durableInsert(sequence: sequence, ciphertext: rawBlob, hash: hash)
                }
            }
            auditSeconds += try time {
                for _ in 0..<(appends / rounds) { try log.append(.predictionGenerated, payload: payload, assessment: assessment) }
            }
        }
        log.close()
        let done = Double(appends / rounds * rounds)
        let rawRate = done / rawSeconds, auditRate = done / auditSeconds
        row("durable appends/s (\(Int(done)) each, WAL + synchronous=FULL)", "\(format(rawRate))/s raw SQLite C API",
            "\(format(auditRate))/s", auditRate / rawRate, "≥ 0.8×")

        // 2. A log of `events` events (bulk-filled: 100 events per assessment, one transaction per 10 000).
        let location = AuditLog.Location(database: root.appendingPathComponent("big.sqlite"),
                                         keyFile: root.appendingPathComponent("big-keys.json"))
        try AuditLog.withLog(location, context: context) { log in
            var written = 0
            while written < events {
                let batch = min(10_000, events - written)
                var remaining = batch
                while remaining > 0 {
                    let chunk = min(100, remaining)
                    try log.appendBatch(.predictionGenerated, payloads: repeatElement(payload, count: chunk),
                                        assessment: AuditLog.newAssessmentID())
                    remaining -= chunk
                }
                written += batch
            }
        }
        let target = 100_000.0
        // Each throughput is the median of three runs (the disk is shared with other work).
        try AuditLog.withLog(location, context: context) { log in
            let before = ProcessMemory.residentMiB()
            ProcessMemory.resetPeak()
            let verifySeconds = try median {
                let result = try log.verify()
                guard result.isIntact, result.records == events else { throw BenchError(message: "verify failed") }
            }
            let verifyPeak = ProcessMemory.peakMiB()
            let rate = Double(events) / verifySeconds
            row("verify \(events) events (chain, checkpoints, AES-GCM open)", "—", "\(format(rate)) events/s", rate / target, "≥ 100 000 events/s")
            row("peak RSS during verify", "\(format(before, 1)) MiB before", "\(format(verifyPeak, 1)) MiB",
                verifyPeak / before, "flat (≈ 1×)")

            let beforeExport = ProcessMemory.residentMiB()
            ProcessMemory.resetPeak()
            var exported = 0
            // A fresh file per timed run: an export never replaces an existing one (or its manifest).
            var run = 0
            var file = root.appendingPathComponent("export-0.jsonl")
            let exportSeconds = try median {
                run += 1
                file = root.appendingPathComponent("export-\(run).jsonl")
                exported = try log.export(AuditExportRequest(format: .jsonl, fromMs: nil, toMs: nil, file: file, disclaimer: "bench")).records
            }
            let exportPeak = ProcessMemory.peakMiB()
            let exportRate = Double(exported) / exportSeconds
            row("export \(exported) events (jsonl, decrypted, fsync)", "—", "\(format(exportRate)) events/s", exportRate / target, "≥ 100 000 events/s")
            row("peak RSS during export", "\(format(beforeExport, 1)) MiB before", "\(format(exportPeak, 1)) MiB",
                exportPeak / beforeExport, "flat (≈ 1×)")

            let key = Data(base64Encoded: log.publicKeyBase64)!
            let checkSeconds = try median {
                guard try AuditExportVerifier.verify(file: file, publicKey: key).isIntact else { throw BenchError(message: "export verify failed") }
            }
            let checkRate = Double(exported) / checkSeconds
            row("verify export of \(exported) events (public key only)", "—", "\(format(checkRate)) events/s", checkRate / target, "≥ 100 000 events/s")
        }
    }

    private static func median(_ body: () throws -> Void) throws -> Double {
        let runs = try (0..<3).map { _ in try time(body) }.sorted()
        return runs[1]
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func row(_ what: String, _ baseline: String, _ measured: String, _ ratio: Double, _ goal: String) {
        print("| \(what) | \(baseline) | \(measured) | \(format(ratio, 2))× | \(goal) |")
    }

    private static func format(_ value: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }
}
