import Foundation
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// The built `stroke-triage-server station --data DIR` and the boards on it, for the station test:
/// each listens on 127.0.0.1 at a free port, logs to a file in `logs`, every wait is bounded, and
/// `stop()` ends whatever still runs.
final class StationProcess: @unchecked Sendable {
    let data: String
    let logDirectory: URL
    private var station: ChildProcess?
    private var boards: [ChildProcess] = []
    private var starts = 0

    init(data: String, logs: URL) {
        self.data = data
        self.logDirectory = logs
    }

    /// Whether the station runs.
    var isRunning: Bool { station?.isRunning ?? false }
    /// The running station's process id.
    var pid: Int32? { station?.pid }
    /// The station started last.
    var process: ChildProcess? { station }

    /// Every log so far.
    var logs: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: logDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted()
            .map { (try? String(contentsOf: logDirectory.appendingPathComponent($0), encoding: .utf8)) ?? "" }.joined(separator: "\n")
    }

    /// Starts the station (with `environment` added) and waits (bounded: a first start runs initdb) until `/healthz`
    /// answers 200; its base URL.
    /// A free port taken by another process before the station binds it ends the station: it is started again.
    func start(environment: [String: String] = [:]) async throws -> String {
        for _ in 1...3 {
            starts += 1
            let base = "http://127.0.0.1:\(try ServerPort.next())"
            let process = try launch("station-\(starts)", ["station", "--data", data, "--listen", String(base.dropFirst(7))],
                                     environment: environment)
            station = process
            if try await answers("\(base)/healthz", while: process) { return base }
        }
        throw PrenotifyHarness.Failure(description: "the station did not start: \(logs)")
    }

    /// Starts the station serving HTTPS (with `certificate` and `key`, else `tls init`'s files in its data
    /// directory) and waits (bounded) for its `listening on https://…` line; its base URL. (Its `/healthz`
    /// is then asked by the CLI, which trusts the CA.)
    func startTLS(certificate: String? = nil, key: String? = nil) async throws -> String {
        starts += 1
        let name = "station-\(starts)"
        let port = try ServerPort.next()
        let files = (certificate.map { ["--tls-cert", $0] } ?? []) + (key.map { ["--tls-key", $0] } ?? [])
        let process = try launch(name, ["station", "--data", data, "--listen", "127.0.0.1:\(port)"] + files)
        station = process
        let log = logDirectory.appendingPathComponent("\(name).log")
        let base = "https://127.0.0.1:\(port)"
        return try await PrenotifyHarness.waitForAnswer(seconds: 240, "the station's https line") { () async throws -> String? in
            guard process.isRunning else { throw PrenotifyHarness.Failure(description: "the station stopped: \(logs)") }
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.contains("listening on \(base)") ? base : nil
        }
    }

    /// Runs another `station` on the same `--data` (killed if it still runs after 60 s): its exit status and its log.
    func startSecond() async throws -> (status: Int32, log: String) {
        starts += 1
        let name = "station-\(starts)"
        let process = try launch(name, ["station", "--data", data, "--listen", "127.0.0.1:\(try ServerPort.next())"])
        let status = await process.output(killingAfter: 60).status
        return (status, (try? String(contentsOf: logDirectory.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? "")
    }

    /// Starts a board on `relay` and waits for its `/cases.json`; its base URL.
    func startBoard(hospital: String, keyFile: String, relay: String) async throws -> String {
        for _ in 1...3 {
            let base = "http://127.0.0.1:\(try ServerPort.next())"
            let process = try launch("board-\(boards.count)", ["board", "serve", "--key", keyFile, "--relay", relay, "--hospital", hospital,
                                                               "--listen", String(base.dropFirst(7)), "--poll-seconds", "0.5"])
            boards.append(process)
            if try await answers("\(base)/cases.json", while: process) { return base }
        }
        throw PrenotifyHarness.Failure(description: "the board did not start: \(logs)")
    }

    /// Sends SIGTERM to the station and waits (up to 120 s) for it to exit; its exit status.
    func terminate() async throws -> Int32 {
        guard let station else { throw PrenotifyHarness.Failure(description: "no station") }
        station.signal(SIGTERM)
        _ = try await station.await(seconds: 120, "the station's stop") { station.isRunning ? nil : true }
        return await station.output().status
    }

    /// Stops the boards (SIGTERM, bounded wait, then SIGKILL).
    func stopBoards() {
        end(boards)
        boards.removeAll()
    }

    /// Stops everything still running.
    func stop() {
        end(boards + [station].compactMap { $0 })
    }

    private func end(_ processes: [ChildProcess]) { ChildProcess.stop(processes, seconds: 60) }

    /// Waits up to 240 s for `url` to answer 200: true; false when `process` exits first or never answers (then it is killed).
    private func answers(_ url: String, while process: ChildProcess) async throws -> Bool {
        let answered = try? await PrenotifyHarness.waitForAnswer(seconds: 240, url) { () async throws -> Bool? in
            if !process.isRunning { return false }
            return try await PrenotifyHarness.get(url).0 == 200 ? true : nil
        }
        if answered == true { return true }
        if process.isRunning {
            kill(process.pid, SIGKILL)
            _ = await process.output()
        }
        return false
    }

    /// Starts a station on `port` (else a free one) with `environment` added, without waiting for it; the process and
    /// its base URL.
    func spawn(environment: [String: String] = [:], port: Int? = nil) throws -> (process: ChildProcess, base: String) {
        starts += 1
        let base = "http://127.0.0.1:\(try port ?? ServerPort.next())"
        let process = try launch("station-\(starts)", ["station", "--data", data, "--listen", String(base.dropFirst(7))], environment: environment)
        station = process
        return (process, base)
    }

    private func launch(_ name: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["STROKE_COLLECTOR_DATABASE"] = nil
        environment["STROKE_COLLECTOR_CONFIG"] = nil
        let log = logDirectory.appendingPathComponent("\(name).log")
        try? FileManager.default.removeItem(at: log)
        return try ChildProcess(ServerBinaryTests.server, arguments, environment: environment, log: log)
    }
}
