import ArgumentParser
import Foundation
import HTTPServerKit
import Logging
import PostgresServerKit
import StrokeCollector
import TriageLocalization

/// Options every `collector` and `relay` subcommand takes: where the database is (an existing PostgreSQL,
/// or a station's own with `--data`) and where more settings are.
struct CollectorOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (else STROKE_COLLECTOR_DATABASE, else the config file).",
        valueName: "url"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp(
        "A station's data directory (`station --data`): use its own PostgreSQL, started for this command and stopped after it unless it already runs.",
        valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("JSON config file (else STROKE_COLLECTOR_CONFIG).", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Show the technical detail of errors.")
    var verbose = false

    /// Run as root with `--data` (and no `--database`): the command becomes the station's account before it does
    /// anything else (`StationCluster.asAccount`, issue 34), here at parsing, so that the command line it runs again
    /// as the account (`--key-out`, …) finds nothing done yet. `station` without `--data` does it in its own run.
    func validate() throws {
        guard let data, database == nil, getuid() == 0 else { return }
        _ = try ServerFailure.report(verbose: verbose) { () throws -> StationCluster in try StationCluster(directory: data).asAccount() }
    }

    /// Resolves the configuration: flags, then the environment, then the config file; `station` (the
    /// database of `--data`, from `withStation`) stands for the database.
    func resolve(extra flags: [CollectorSetting: String] = [:], station: DatabaseURL? = nil) throws -> CollectorConfiguration {
        var all = flags
        if let database { all[.database] = database }
        return try ServerFailure.report(verbose: verbose) {
            if data != nil, station == nil {
                // Only the administration commands start a station's cluster for themselves.
                throw CollectorError.configurationInvalid(
                    "--data: `collector serve` and `relay serve` take --database; `station --data DIR` serves both from its own database")
            }
            let sources = try CollectorSettingSources(flags: all, environment: ProcessInfo.processInfo.environment,
                                                      configPath: config)
            return try CollectorConfiguration(sources, station: station)
        }
    }

    /// Runs `body` with the database of `--data` (the station's own cluster, created and started when
    /// needed and then stopped again, `StationCluster.whileRunning`), or with nil without `--data`.
    func withStation<T>(_ body: (DatabaseURL?) async throws -> T) async throws -> T {
        guard let data else { return try await body(nil) }
        return try await ServerFailure.report(verbose: verbose) {
            guard database == nil else { throw CollectorError.configurationInvalid("--data and --database: give one of them") }
            return try await StationCluster(directory: data).asAccount().whileRunning { try await body($0) }
        }
    }

    /// A logger to standard error (structured: key=value metadata); info level, debug with `--verbose`.
    func makeLogger() -> Logger {
        ServerLaunch.logger(label: "stroke-triage.collector", level: verbose ? .debug : .info)
    }

    /// Opens the store, migrates the schema, runs `body`, and closes the pool; errors become exit codes.
    func withStore<T: Sendable>(_ body: @Sendable (CollectorStore) async throws -> T) async throws -> T {
        try await withStation { station in
            let configuration = try resolve(station: station)
            var logger = Logger(label: "stroke-triage.collector")
            logger.logLevel = verbose ? .debug : .warning
            return try await ServerFailure.report(verbose: verbose) {
                try await CollectorStore.with(database: configuration.database, logger: logger) { store in
                    try await store.migrate()
                    return try await body(store)
                }
            }
        }
    }
}

extension StationCluster {
    /// Run as root, once `--data` is checked: this process becomes the cluster's account for good
    /// (`becomeAccount()`) and runs its own command line again as that account (`execv` of
    /// `/proc/self/exe`, same process id), which then takes the ordinary user's path; otherwise the cluster as it is.
    ///
    /// The new program is needed because glibc changes the ids of every thread but one: the main thread,
    /// parked by the Swift runtime's `dispatch_main` in its exit, keeps root (and `/proc/PID/status` shows it).
    /// The thread that calls `execv` becomes the process's only thread, with the account's ids.
    /// A command line run in process (`StrokeTriageServer.run` with its output captured: the tests, which run
    /// as root) keeps the process's user and the cluster as it is.
    func asAccount() throws(CollectorError) -> StationCluster {
        guard CommandRedirection.current == nil, getuid() == 0 else { return self }
        let cluster = try becomeAccount()
        guard getuid() != 0 else { return cluster }
        fflush(nil)
        // Root's temporary folder may be closed to the account (a 0711 or 0700 TMPDIR): the PostgreSQL tools could not
        // be started from it, so the new program uses the system's (/tmp) instead.
        if let temporary = getenv("TMPDIR"), access(temporary, W_OK | X_OK) != 0 { unsetenv("TMPDIR") }
        // The calling thread is a worker of the runtime, with asynchronous signals blocked: a new program keeps that
        // mask (and would hand it to PostgreSQL), so it starts with none blocked, as a program started by hand.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        throw .stationAccountSwitchFailed("execv /proc/self/exe as the account: errno \(errno)")
    }
}
