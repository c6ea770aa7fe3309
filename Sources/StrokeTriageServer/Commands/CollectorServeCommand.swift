import ArgumentParser
import HTTPServerKit
import Hummingbird
import Logging
import StrokeCollector
import StrokeModels

/// `collector serve`: runs the collector until SIGTERM or SIGINT, then drains and exits 0.
struct CollectorServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the collector (HTTP, or HTTPS with --tls-cert/--tls-key) until SIGTERM.")

    @OptionGroup var options: CollectorOptions
    @OptionGroup var tls: TLSOptions

    @Option(name: .long, help: ArgumentHelp("Address to listen on (else STROKE_COLLECTOR_LISTEN; default 127.0.0.1:8443).",
                                            valueName: "host:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("Largest request body in bytes (default 8388608).", valueName: "n"), transform: DecimalFlag.integer)
    var maxBodyBytes: Int?

    @Option(name: .long, help: ArgumentHelp("Most records in one push (default 1000).", valueName: "n"), transform: DecimalFlag.integer)
    var maxBatchRecords: Int?

    @Option(name: .long, help: ArgumentHelp("Accepted clock difference of a request, in seconds (default 300).", valueName: "s"), transform: DecimalFlag.integer)
    var requestWindowSeconds: Int?

    func run() async throws {
        var flags: [CollectorSetting: String] = [:]
        flags[.listen] = listen
        flags[.maxBodyBytes] = maxBodyBytes.map(String.init)
        flags[.maxBatchRecords] = maxBatchRecords.map(String.init)
        flags[.requestWindowSeconds] = requestWindowSeconds.map(String.init)
        let configuration = try options.resolve(extra: flags)
        let (server, scheme) = try tls.server(configuration.readLimits.server)
        let logger = options.makeLogger()
        let store = CollectorStore(database: configuration.database, logger: logger, deadline: configuration.databaseDeadline)
        let routes = CollectorRoutes(configuration: configuration, store: store, metrics: CollectorMetrics(), logger: logger)
        try await ServerFailure.report(verbose: options.verbose) {
            try await ServerLaunch.run(
                routes.makeRouter().buildResponder(), server: server, host: configuration.listenHost, port: configuration.listenPort,
                serverName: "stroke-triage-collector", services: [store.pool], beforeServerStarts: { try await store.migrate() },
                logger: logger
            ) { port in
                logger.info("collector listening", metadata: [
                    "scheme": "\(scheme)", "port": "\(port)", "database": "\(configuration.database)",
                ])
            }
        }
        logger.info("collector stopped")
    }
}
