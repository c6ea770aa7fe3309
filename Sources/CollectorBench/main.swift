import AuditFormat
import FleetSimulator
import Foundation
import StrokeJSON

// The collector ingest benchmark (run by Scripts/bench.d/collector, which
// starts a throwaway PostgreSQL cluster and builds everything in release mode).
//
// N simulated devices push E events each in B-event batches, all at once,
// over real HTTP to `stroke-triage-server collector serve`; then the very same
// rows are loaded into a table like `records` with a raw `COPY` through psql,
// in the same run against the same PostgreSQL. Prints Markdown rows:
// | what | baseline (same run) | measured | ratio | goal |

struct Options {
    var server = ""
    var psql = "psql"
    var socketDirectory = ""
    var port = 5432
    var database = "bench"
    var devices = 20
    var events = 5000
    var batch = 100
    var collectors = 1
    var serialPushes = 200

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { fatalError("\(flag) needs a value") }
            switch flag {
            case "--server": server = value
            case "--psql": psql = value
            case "--socket-dir": socketDirectory = value
            case "--port": port = Int(value)!
            case "--database": database = value
            case "--devices": devices = Int(value)!
            case "--events": events = Int(value)!
            case "--batch": batch = Int(value)!
            case "--collectors": collectors = Int(value)!
            case "--serial-pushes": serialPushes = Int(value)!
            default: fatalError("unknown option \(flag)")
            }
        }
    }

    var url: String { "postgres://collector@localhost:\(port)/\(database)?host=\(socketDirectory)" }
}

func note(_ text: String) { FileHandle.standardError.write(Data("collector-bench: \(text)\n".utf8)) }

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[max(0, min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}

func psql(_ options: Options, _ command: String) throws -> String {
    let result = try CollectorProcess.run(URL(fileURLWithPath: options.psql), [
        "-X", "-q", "-h", options.socketDirectory, "-p", "\(options.port)", "-U", "collector", "-d", options.database,
        "-v", "ON_ERROR_STOP=1", "-At", "-c", command,
    ])
    guard result.status == 0 else { throw FleetPushError(description: "psql failed: \(result.stderr)") }
    return result.stdout
}

func ms(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }

/// A bytea in COPY's text format: `\\x` and hex digits.
func hex(_ data: Data) -> String { "\\\\x" + Hex.encode(data) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func runBench() async throws {
    let options = Options(CommandLine.arguments)
    let server = URL(fileURLWithPath: options.server)
    let devices = (1...options.devices).map { FleetDevice(name: String(format: "BENCH-%03d", $0)) }
    let serial = FleetDevice(name: "BENCH-SERIAL")
    try await CollectorProcess.register(devices + [serial], binary: server, database: options.url)
    let logDirectory = NSTemporaryDirectory() + "collector-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: logDirectory) }
    var collectors: [CollectorProcess] = []
    for index in 0..<options.collectors {
        let process = CollectorProcess(binary: server, database: options.url, logPrefix: "\(logDirectory)/collector\(index).log")
        try await process.start()
        collectors.append(process)
    }
    defer { collectors.forEach { $0.stop(signal: SIGTERM) } }

    note("generating \(options.devices) × \(options.events) events")
    let logs = devices.map { $0.log(count: options.events) }
    let bodies = zip(devices, logs).map { device, records in
        stride(from: 0, to: records.count, by: options.batch).map { device.pushBody(records[$0..<min($0 + options.batch, records.count)]) }
    }

    // Every device at once.
    let pusher = FleetPusher(collectors: collectors.map(\.url))
    let started = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for (index, device) in devices.enumerated() {
            group.addTask { try await pusher.push(device, index: index, bodies: bodies[index]) }
        }
        try await group.waitForAll()
    }
    let elapsed = started.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let totalEvents = options.devices * options.events
    let ingestRate = Double(totalEvents) / seconds
    let loaded = pusher.pushLatencies
    note("ingest: \(totalEvents) events in \(String(format: "%.2f", seconds)) s, \(pusher.retryCount) retries")

    // One device alone, one push after the other.
    let serialPusher = FleetPusher(collectors: collectors.map(\.url))
    try await serialPusher.push(serial, index: 0, bodies: serial.batchBodies(events: options.serialPushes * options.batch,
                                                                            batchSize: options.batch))
    let alone = serialPusher.pushLatencies

    // The same rows through a raw COPY (text format) into a table like `records`, median of three.
    let copyFile = "\(logDirectory)/rows.copy"
    _ = FileManager.default.createFile(atPath: copyFile, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copyFile))
    for (index, records) in logs.enumerated() {
        var text = ""
        for r in records {
            text += "\(index + 1)\t\(r.sequence)\t\(r.timestampMs)\t\(r.type)\t\(r.dataKeyId)\t\(hex(r.ciphertext))\t"
                + "\(hex(r.previousHash))\t\(hex(r.hash))\n"
        }
        handle.write(Data(text.utf8))
    }
    try handle.close()
    _ = try psql(options, "DROP TABLE IF EXISTS copy_baseline; CREATE TABLE copy_baseline (LIKE records INCLUDING ALL)")
    var copyTimes: [Double] = []
    for _ in 0..<3 {
        _ = try psql(options, "TRUNCATE copy_baseline; CHECKPOINT")
        let start = ContinuousClock.now
        _ = try psql(options, "\\copy copy_baseline (device_id, sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash) FROM '\(copyFile)'")
        let took = start.duration(to: .now)
        copyTimes.append(Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
    }
    let copied = Int(try psql(options, "SELECT count(*) FROM copy_baseline").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    guard copied == totalEvents else { throw FleetPushError(description: "COPY loaded \(copied) rows, expected \(totalEvents)") }
    let copyRate = Double(totalEvents) / percentile(copyTimes, 0.5)
    let stored = try psql(options, "SELECT count(*) FROM records r JOIN devices d ON d.id = r.device_id WHERE d.name LIKE 'BENCH-0%'")
    guard Int(stored.trimmingCharacters(in: .whitespacesAndNewlines)) == totalEvents else {
        throw FleetPushError(description: "the collector stored \(stored) rows, expected \(totalEvents)")
    }

    let ratio = ingestRate / copyRate
    let what = "collector ingest, \(options.devices) devices × \(options.events) events in \(options.batch)-event pushes, "
        + "\(options.collectors) collector(s), durable"
    print("| \(what) | raw `COPY` of the same rows via psql: \(Int(copyRate)) events/s | \(Int(ingestRate)) events/s | "
          + String(format: "%.2f×", ratio) + (ratio >= 0.3 ? " ✓" : " ✗") + " | ≥ 0.3× COPY |")
    print("| collector ingest events/s (same run) | — | \(Int(ingestRate)) events/s | "
          + String(format: "%.2f×", ingestRate / 20000) + (ingestRate >= 20000 ? " ✓" : " ✗") + " | ≥ 20 000 events/s |")
    print("| push latency, \(options.batch)-event batch, \(options.devices) devices at once (p50 / p99 of \(loaded.count)) | — | "
          + "\(ms(percentile(loaded, 0.5))) / \(ms(percentile(loaded, 0.99))) | — | — |")
    print("| push latency, \(options.batch)-event batch, one device alone (p50 / p99 of \(alone.count)) | — | "
          + "\(ms(percentile(alone, 0.5))) / \(ms(percentile(alone, 0.99))) | — | — |")
}

do {
    try await runBench()
} catch {
    note("failed: \(error)")
    exit(1)
}
