import FleetSimulator
import Foundation
import PostgresServerKit
import StrokeAudit
import StrokeCollector
import StrokeJSON
import TestScratch

/// A fleet on its own database: devices registered with the real
/// `stroke-triage-server collector add-device`, collector processes serving
/// it, and the SQL that checks what PostgreSQL holds at the end.
struct FleetHarness {
    let cluster: PostgresCluster
    let database: DatabaseURL
    let devices: [FleetDevice]
    let collectors: [CollectorProcess]

    /// The URL given to the server binary.
    var databaseURL: String {
        "postgres://collector@localhost:\(database.port)/\(database.database)?host=\(cluster.directory)"
    }

    /// Creates a database in `cluster`, registers `count` devices named `prefix-NNN` and starts `collectors` collectors.
    static func start(cluster: PostgresCluster, devices count: Int, collectors: Int, prefix: String,
                      serveArguments: [String] = []) async throws -> FleetHarness {
        let database = try cluster.createDatabase()
        let url = "postgres://collector@localhost:\(database.port)/\(database.database)?host=\(cluster.directory)"
        let devices = (1...count).map { FleetDevice(name: String(format: "\(prefix)-%03d", $0)) }
        let binary = ServerBinaryTests.server
        ProcessStartLog.record("stroke-triage-server")  // FleetSimulator's runner (shared with the benchmark) records nothing itself
        try await CollectorProcess.register(devices, binary: binary, database: url)
        return try await serve(cluster: cluster, database: database, devices: devices, collectors: collectors,
                               serveArguments: serveArguments)
    }

    /// Creates a database in `cluster`, registers the shipped devices' audit keys and starts `collectors` collectors.
    static func start(cluster: PostgresCluster, shipped: ShippedFleet, collectors: Int) async throws -> FleetHarness {
        let database = try cluster.createDatabase()
        let url = "postgres://collector@localhost:\(database.port)/\(database.database)?host=\(cluster.directory)"
        try await shipped.register(binary: ServerBinaryTests.server, database: url)
        return try await serve(cluster: cluster, database: database, devices: [], collectors: collectors, serveArguments: [])
    }

    private static func serve(cluster: PostgresCluster, database: DatabaseURL, devices: [FleetDevice], collectors: Int,
                              serveArguments: [String]) async throws -> FleetHarness {
        let url = "postgres://collector@localhost:\(database.port)/\(database.database)?host=\(cluster.directory)"
        let binary = ServerBinaryTests.server
        var processes: [CollectorProcess] = []
        for index in 0..<collectors {
            let logPrefix = TestScratch.file("fleet-\(database.database)-collector\(index)", suffix: ".log").path
            ProcessStartLog.record("stroke-triage-server")
            let process = CollectorProcess(binary: binary, database: url, logPrefix: logPrefix, extraArguments: serveArguments)
            processes.append(process)
            do {
                try await process.start()
            } catch {
                processes.forEach { $0.stop() }
                throw error
            }
        }
        return FleetHarness(cluster: cluster, database: database, devices: devices, collectors: processes)
    }

    /// Stops every collector (SIGTERM, then SIGKILL after `graceSeconds`) and removes their logs
    /// (kept when `FLEET_KEEP_LOGS` is set).
    func stop(graceSeconds: Int = 120) {
        for process in collectors {
            process.stop(signal: SIGTERM, seconds: graceSeconds)
            guard ProcessInfo.processInfo.environment["FLEET_KEEP_LOGS"] == nil else { continue }
            for start in 1...8 { try? FileManager.default.removeItem(atPath: "\(process.logPrefix).\(start)") }
        }
    }

    /// Pushes every device's `events` events in batches of `batchSize`, all devices at once.
    func pushAll(_ pusher: FleetPusher, events: Int, batchSize: Int) async throws {
        let bodies = devices.map { $0.batchBodies(events: events, batchSize: batchSize) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, device) in devices.enumerated() {
                group.addTask { try await pusher.push(device, index: index, bodies: bodies[index]) }
            }
            try await group.waitForAll()
        }
    }

    /// Rows of `query` (psql, unaligned, `|` between fields).
    func sql(_ query: String) throws -> [[String]] {
        let output = try PostgresCluster.run(["\(cluster.binDirectory)/psql", "-X", "-h", cluster.directory, "-p", "\(cluster.port)",
                                              "-U", "collector", "-d", database.database, "-At", "-F", "|",
                                              "-v", "ON_ERROR_STOP=1", "-c", query])
        return output.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
    }

    /// What PostgreSQL holds for one device.
    struct Chain: Equatable {
        let name: String
        /// The stored head's sequence and hash (hex).
        let head: Int64
        let headHash: String
        /// Stored records, distinct sequences, lowest and highest sequence.
        let records: Int64
        let distinct: Int64
        let first: Int64
        let last: Int64
        /// Records whose `prev_hash` is not the stored hash of the record before (or the genesis hash for 1).
        let brokenLinks: Int64
    }

    /// Every device's stored chain, sorted by name.
    func chains() throws -> [Chain] {
        try sql("""
            SELECT d.name, d.head_sequence, encode(d.head_hash, 'hex'), count(r.sequence), count(DISTINCT r.sequence),
                   coalesce(min(r.sequence), 0), coalesce(max(r.sequence), 0),
                   count(r.sequence) FILTER (WHERE r.prev_hash IS DISTINCT FROM
                       coalesce(p.hash, CASE WHEN r.sequence = 1 THEN decode(repeat('00', 32), 'hex') END))
            FROM devices d
            LEFT JOIN records r ON r.device_id = d.id
            LEFT JOIN records p ON p.device_id = r.device_id AND p.sequence = r.sequence - 1
            GROUP BY d.id, d.name, d.head_sequence, d.head_hash ORDER BY d.name
            """).map { row in
            Chain(name: row[0], head: Int64(row[1])!, headHash: row[2], records: Int64(row[3])!, distinct: Int64(row[4])!,
                  first: Int64(row[5])!, last: Int64(row[6])!, brokenLinks: Int64(row[7])!)
        }
    }

    /// The chain every device must have after pushing `events` events: 1…events, linked, head at the log's last hash.
    func expectedChains(events: Int) -> [Chain] {
        devices.sorted { $0.name < $1.name }.map { device in
            let last = device.log(count: events).last!
            return Chain(name: device.name, head: Int64(events), headHash: Hex.encode(last.hash),
                         records: Int64(events), distinct: Int64(events), first: 1, last: Int64(events), brokenLinks: 0)
        }
    }

    /// Stored head sequence per device name.
    func storedHeads() throws -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: try sql("SELECT name, head_sequence FROM devices").map { ($0[0], Int64($0[1])!) })
    }
}
