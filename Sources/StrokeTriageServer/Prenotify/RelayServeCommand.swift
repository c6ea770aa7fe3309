import ArgumentParser
import HTTPServerKit
import Hummingbird
import Logging
import StrokeCollector
import StrokeModels
import StrokeRelay

/// `relay serve`: runs the relay until SIGTERM or SIGINT, then drains and exits 0.
struct RelayServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the relay (HTTP, or HTTPS with --tls-cert/--tls-key) until SIGTERM.")

    @OptionGroup var options: RelayOptions
    @OptionGroup var tls: TLSOptions

    @Option(name: .long, help: ArgumentHelp("Address to listen on (default 127.0.0.1:8444).", valueName: "host:port"))
    var listen: String = "127.0.0.1:8444"

    @Option(name: .long, help: ArgumentHelp("Delete cases this many hours after they arrive (decimal; default 24).",
                                            valueName: "hours"))
    var caseTtlHours: String = "24"

    @Option(name: .long, help: ArgumentHelp("Largest request body in bytes (default 262144).", valueName: "n"), transform: DecimalFlag.integer)
    var maxBodyBytes: Int = 256 << 10

    @Option(name: .long, help: ArgumentHelp("Accepted clock difference of a request, in seconds (default 300).", valueName: "s"), transform: DecimalFlag.integer)
    var requestWindowSeconds: Int = 300

    func run() async throws {
        var configuration = RelayConfiguration(database: try options.databaseURL())
        try ServerFailure.report(verbose: options.verbose) {
            (configuration.listenHost, configuration.listenPort) = try RelayConfiguration.listenAddress(listen)
            configuration.caseTTLMs = try RelayConfiguration.ttlMs(hours: caseTtlHours)
            guard (1_024...(64 << 20)).contains(maxBodyBytes) else {
                throw RelayError.configurationInvalid("max-body-bytes: allowed 1024–67108864, got \(maxBodyBytes)")
            }
            guard (1...86_400).contains(requestWindowSeconds) else {
                throw RelayError.configurationInvalid("request-window-seconds: allowed 1–86400, got \(requestWindowSeconds)")
            }
        }
        configuration.maxBodyBytes = maxBodyBytes
        configuration.requestWindowSeconds = requestWindowSeconds
        let (server, scheme) = try tls.server(configuration.readLimits.server)
        let logger = options.makeLogger()
        let collector = CollectorStore(database: configuration.database, logger: logger, deadline: configuration.databaseDeadline)
        let store = RelayStore(collector: collector, logger: logger)
        let metrics = RelayMetrics()
        let routes = RelayRoutes(configuration: configuration, store: store, metrics: metrics, logger: logger)
        let settings = configuration
        try await ServerFailure.report(verbose: options.verbose) {
            try await ServerLaunch.run(
                routes.makeRouter().buildResponder(), server: server, host: configuration.listenHost, port: configuration.listenPort,
                serverName: "stroke-triage-relay",
                services: [collector.pool, RelayExpiry(store: store, configuration: configuration, metrics: metrics, logger: logger)],
                beforeServerStarts: { try await store.migrate() }, logger: logger
            ) { port in
                logger.info("relay listening", metadata: [
                    "scheme": "\(scheme)", "port": "\(port)", "database": "\(settings.database)",
                    "caseTtlMs": "\(settings.caseTTLMs)",
                ])
            }
        }
        logger.info("relay stopped")
    }
}
