import ArgumentParser
import Foundation
import HTTPServerKit
import Hummingbird
import HummingbirdCore
import Logging
import PostgresServerKit
import StrokeCollector
import StrokeLocalAPI
import StrokeModels
import StrokeRelay

/// `station`: the local API, the fleet collector and the pre-notification relay in one process
/// behind one address (`StationResponder`), on the station's own PostgreSQL (`StationCluster`,
/// started with the station, restarted by `StationSupervisor` when it stops, and stopped with the
/// station on every way out, `StationExitGuard`) or on `--database`. Runs until SIGTERM or SIGINT,
/// then drains, stops its PostgreSQL and exits 0; exits 69 when its PostgreSQL stopped and could
/// not be restarted (docs/station.md).
struct StationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Serve the local API, the collector and the relay on one address, with its own PostgreSQL (docs/station.md).",
        discussion: """
            A crew's device uses the station's URL for --api-base, --collector and --relay alike. Without
            --database the station keeps its own PostgreSQL in --data (created on first start, listening on a
            Unix socket there only, password generated and kept 0600), restarts it if it stops (exit 69 when it
            cannot) and stops it when it stops; run as root, it becomes the system user stroke-triage (made
            when missing; the owner of an existing pgdata) once --data is checked, and runs that PostgreSQL
            as it (so --listen cannot take a port below 1024). --data must not be a link nor longer than 93
            bytes, and only one station at a time may use it. Prints "listening on
            http://HOST:PORT" once it accepts connections (--listen 127.0.0.1:0 picks a free port).
            Research use only.
            """)

    @OptionGroup var options: CollectorOptions
    @OptionGroup var tls: TLSOptions

    @Option(name: .long, help: ArgumentHelp("Address to listen on (default 127.0.0.1:8080).", valueName: "host:port"))
    var listen: String = "127.0.0.1:8080"

    @Option(name: .long, help: ArgumentHelp("Delete pre-notification cases this many hours after they arrive (decimal; default 24).",
                                            valueName: "hours"))
    var caseTtlHours: String = "24"

    @OptionGroup var cds: CDSClientOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let api: LocalAPIConfiguration
        let v1: LocalAPIV1
        let cdsClients: CDSClientAuthorization?
        do {
            var flags: [LocalAPISetting: String] = [.listen: listen]
            cds.add(to: &flags)
            api = try LocalAPIConfiguration(flags: flags, environment: environment, configPath: nil)
            cdsClients = try await api.cdsClientAuthorization()
        } catch {
            throw ServerFailure.Report(code: error.code, message: error.englishMessage,
                                       suggestion: "Check --listen, --cds-jwks, --cds-audience or the STROKE_API_* variable named.",
                                       status: ErrorCategory.usage.exitStatus).exit(verbose: options.verbose)
        }
        do {
            v1 = try LocalAPIV1.load(environment: environment, audit: false)
        } catch {
            throw ServerFailure.Report(code: error.code, message: error.englishMessage, status: error.category.exitStatus)
                .exit(verbose: options.verbose)
        }
        let ttl = try ServerFailure.report(verbose: options.verbose) { try RelayConfiguration.ttlMs(hours: caseTtlHours) }
        // Checked before anything starts: a value set but not allowed is refused, never silently the default (issue 46).
        let minimumFree = try ServerFailure.report(verbose: options.verbose) { try DiskSpace.minimumFree() }
        let logger = ServerLaunch.logger(label: "stroke-triage.station", level: options.verbose ? .debug : .info) { label in
            DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
        }

        guard options.database == nil else {
            guard options.data == nil else {
                let error = CollectorError.configurationInvalid("--data and --database: give one of them")
                return try ServerFailure.report(verbose: options.verbose) { () throws -> Void in throw error }
            }
            return try await serve(api: api, cdsClients: cdsClients, v1: v1, ttl: ttl, station: nil, tlsFiles: nil, supervisor: nil, directory: nil,
                                   minimumFree: minimumFree, logger: logger)
        }
        // From here SIGTERM and SIGINT are noted, not fatal, and a crash stops the cluster (StationExitGuard).
        StationExitGuard.install()
        let rootCluster = try ServerFailure.report(verbose: options.verbose) {
            try StationCluster(directory: options.data ?? StationCluster.defaultDirectory())
        }
        // One station per data directory: a second one is refused naming this process; the lock ends with the process.
        let lock = try ServerFailure.report(verbose: options.verbose) { try rootCluster.lock() }
        defer { lock.release() }
        // Run as root: from here on the process is the cluster's account (issue 34), which makes its files and runs its tools
        // (with --data that happened while the arguments were read, `CollectorOptions.validate`; this is for the default DIR).
        let cluster = try ServerFailure.report(verbose: options.verbose) { try rootCluster.asAccount() }
        var checked = false
        do {
            // The tools (initdb, pg_ctl and their waitpid) run off the cooperative pool (`offPool`, issue 46).
            try await ServerFailure.report(verbose: options.verbose) { try await cluster.offPool { try $0.create() } }
            checked = true
            try await ServerFailure.report(verbose: options.verbose) {
                // A cluster left running (a station killed without stopping) is the station's own: used and stopped with it.
                try await cluster.offPool { if !$0.isRunning { try $0.start() } }
            }
            StationExitGuard.guardPostmaster(cluster.postmasterProcess)
            try await ServerFailure.report(verbose: options.verbose) { try await cluster.prepareRole(logger: logger) }
        } catch {
            // A start that failed or timed out may have left the server running (never tried on a directory refused).
            StationExitGuard.guardPostmaster(nil)
            if checked { _ = try? await cluster.offPool { try $0.stop() } }
            throw error
        }
        logger.info("station database running", metadata: ["data": "\(cluster.directory)"])
        if cluster.roleIsLegacy {
            logger.warning("the station's database role is a superuser: this data directory predates the separate roles (docs/station.md)")
        }
        if !StationExitGuard.stopRequested {
            let supervisor = StationSupervisor(cluster: cluster, logger: logger) {
                StationExitGuard.guardPostmaster(cluster.postmasterProcess)
            }
            do {
                try await serve(api: api, cdsClients: cdsClients, v1: v1, ttl: ttl, station: try ServerFailure.report(verbose: options.verbose) { try cluster.url() },
                                tlsFiles: StationTLS(cluster), supervisor: supervisor, directory: cluster.directory,
                                minimumFree: minimumFree, logger: logger)
            } catch {
                StationExitGuard.guardPostmaster(nil)
                _ = try? await cluster.offPool { try $0.stop() }
                throw error
            }
        }
        // Stopped gracefully (also by SIGTERM or SIGINT while the cluster started): exit 0 once the cluster is stopped.
        StationExitGuard.guardPostmaster(nil)
        try await ServerFailure.report(verbose: options.verbose) { try await cluster.offPool { try $0.stop() } }
        logger.info("station database stopped")
    }

    /// Serves the three route sets on `--listen` until SIGTERM or SIGINT, with the cluster's `supervisor` and
    /// `/healthz` looking at the free space of its data `directory` (nil with `--database`).
    private func serve(api: LocalAPIConfiguration, cdsClients: CDSClientAuthorization?, v1: LocalAPIV1, ttl: Int64, station: DatabaseURL?, tlsFiles: StationTLS?,
                       supervisor: StationSupervisor?, directory: String?, minimumFree: UInt64, logger: Logger) async throws {
        let collector = try options.resolve(station: station)
        var relay = RelayConfiguration(database: collector.database)
        relay.caseTTLMs = ttl
        relay.databaseDeadline = collector.databaseDeadline
        let collectorStore = CollectorStore(database: collector.database, logger: logger, deadline: collector.databaseDeadline)
        let relayStore = RelayStore(collector: collectorStore, logger: logger)
        let collectorMetrics = CollectorMetrics(), relayMetrics = RelayMetrics()
        let responder = StationResponder(
            api: LocalAPIRoutes(configuration: api, v1: v1, logger: logger, cdsClients: cdsClients).makeRouter().buildResponder(),
            collector: CollectorRoutes(configuration: collector, store: collectorStore, metrics: collectorMetrics, logger: logger)
                .makeRouter().buildResponder(),
            relay: RelayRoutes(configuration: relay, store: relayStore, metrics: relayMetrics, logger: logger).makeRouter().buildResponder(),
            ping: { try await collectorStore.ping() },
            diskShortage: { directory.flatMap { DiskSpace.shortage(at: $0, minimum: minimumFree) } },
            metrics: { collectorMetrics.render() + relayMetrics.render() })
        let host = api.listenHost
        // The local API's server (raw UTF-8 request lines, JSON answers to requests the parser refuses) with the
        // collector's and the relay's read limits on every connection, behind TLS with --tls-cert/--tls-key (a file
        // that cannot be used stops the station, and its PostgreSQL, with exit 65).
        let limits = collector.readLimits
        // Without the flags, `tls init`'s certificate in DIR/tls when there is one.
        let (server, scheme) = try tls.server(LocalAPIServer.http1(configuration: .init(additionalChannelHandlers: limits.channelHandlers())),
                                              station: tlsFiles)
        let port = api.listenPort
        do {
            try await ServerFailure.report(verbose: options.verbose) {
                try await ServerLaunch.run(
                    responder, server: server, host: host, port: port, serverName: "stroke-triage-station",
                    services: [collectorStore.pool, RelayExpiry(store: relayStore, configuration: relay, metrics: relayMetrics, logger: logger)]
                        + (supervisor.map { [$0] } ?? []),
                    beforeServerStarts: { try await relayStore.migrate() }, logger: logger
                ) { port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    ServerConsole.outRaw("listening on \(scheme)://\(shown):\(port)\n")
                    // A SIGTERM or SIGINT that came before swift-service-lifecycle listened: handed on to it now.
                    if StationExitGuard.stopRequested { kill(getpid(), SIGTERM) }
                }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // As `api`: the address cannot be bound (in use, not this machine's, not allowed).
            throw ServerFailure.cannotRun("the station", host: host, port: port, error: error, verbose: options.verbose)
        }
        logger.info("station stopped")
    }
}
