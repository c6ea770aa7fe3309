import ArgumentParser
import Foundation
import HTTPServerKit
import Hummingbird
import Logging
import StrokeLocalAPI
import StrokeModels
import TriageLocalization

/// `api`: the local HTTP API that speaks the Cloud Functions contract from the local models,
/// and the `/v1` routes that answer the CLI's `--json` (no network; with `--audit`, the local
/// audit log). Runs until SIGTERM or SIGINT, then drains and exits 0.
struct ApiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Serve the Cloud Functions contract and the CLI's JSON (/v1) from the local models (docs/api.md).",
        discussion: """
            Prints "listening on http://HOST:PORT" (https with --tls-cert/--tls-key) on standard output once it
            accepts connections (--listen 127.0.0.1:0 picks a free port). Research use only.
            """)

    @Option(name: .long, help: ArgumentHelp("Address to listen on (else STROKE_API_LISTEN; default 127.0.0.1:8080).", valueName: "host:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("Largest request body in bytes (else STROKE_API_MAX_BODY_BYTES; default 16384).", valueName: "n"), transform: DecimalFlag.integer)
    var maxBodyBytes: Int?

    @Option(name: .long, help: ArgumentHelp("Seconds a request body may take (408 after; default 10); idle connections close 5 s later.",
                                            valueName: "s"), transform: DecimalFlag.integer)
    var requestTimeoutSeconds: Int?

    @Option(name: .long, help: ArgumentHelp("A browser origin allowed by CORS, or *; repeat for several (else STROKE_API_CORS_ORIGIN, comma-separated; default none).",
                                            valueName: "origin"))
    var corsOrigin: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Research-access password file made by `research-password` (else STROKE_API_RESEARCH_PASSWORD_FILE); without it /authenticate-research-access answers 503.",
        valueName: "file"))
    var researchPasswordFile: String?

    @OptionGroup var cds: CDSClientOptions

    @Option(name: .long, help: ArgumentHelp("JSON config file (else STROKE_API_CONFIG).", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Record every /v1/assess in the local audit log, the patient data encrypted (else STROKE_API_AUDIT; default off).")
    var audit = false

    @Flag(name: .long, help: "Log every request (method, path, status; never a body).")
    var verbose = false

    @OptionGroup var tls: TLSOptions

    func run() async throws {
        var flags: [LocalAPISetting: String] = [:]
        flags[.listen] = listen
        flags[.maxBodyBytes] = maxBodyBytes.map(String.init)
        flags[.requestTimeoutSeconds] = requestTimeoutSeconds.map(String.init)
        if !corsOrigin.isEmpty { flags[.corsOrigin] = corsOrigin.joined(separator: ",") }
        if audit { flags[.audit] = "true" }
        flags[.researchPasswordFile] = researchPasswordFile
        cds.add(to: &flags)
        let configuration: LocalAPIConfiguration
        let research: ResearchAccessService
        let cdsClients: CDSClientAuthorization?
        do {
            configuration = try LocalAPIConfiguration(flags: flags, environment: ProcessEnvironment.values, configPath: config)
            // The hash is read once at start; a file that cannot be used stops the server (64), never switches the login off.
            research = try configuration.researchPasswordFile.map { file throws(LocalAPIError) in
                ResearchAccessService(password: try ResearchPassword.read(from: file))
            } ?? .off
            cdsClients = try await configuration.cdsClientAuthorization()
        } catch {
            throw ServerFailure.Report(code: error.code, message: error.englishMessage,
                                       suggestion: "Check the flag, STROKE_API_* variable or config file named.",
                                       status: ErrorCategory.usage.exitStatus).exit(verbose: verbose)
        }
        // The /v1 routes read the configuration the CLI reads here; a broken config file stops the server (78).
        let v1: LocalAPIV1
        do {
            v1 = try LocalAPIV1.load(environment: ProcessEnvironment.values, audit: configuration.audit)
        } catch {
            throw ServerFailure.Report(code: error.code, message: error.englishMessage, status: error.category.exitStatus)
                .exit(verbose: verbose)
        }
        // Metadata is formatted only for lines written (Hummingbird gives every request its own id).
        let logger = ServerLaunch.logger(label: "stroke-triage.api", level: verbose ? .debug : .notice) { label in
            DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
        }
        let routes = LocalAPIRoutes(configuration: configuration, v1: v1, logger: logger, research: research, cdsClients: cdsClients)
        let (host, port) = (configuration.listenHost, configuration.listenPort)
        // Idle connections close 5 s after the body timeout, so a slow body still gets its 408 answer first.
        // Raw UTF-8 in a request line is read, a request the parser refuses answered in JSON (LocalAPIServer).
        let (server, scheme) = try tls.server(
            LocalAPIServer.http1(configuration: .init(idleTimeout: .seconds(Int64(configuration.requestTimeoutSeconds + 5)))))
        do {
            try await ServerLaunch.run(routes.makeRouter().buildResponder(), server: server, host: host, port: port,
                                       serverName: "stroke-triage-api", logger: logger) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                ServerConsole.outRaw("listening on \(scheme)://\(shown):\(port)\n")
            }
        } catch {
            throw ServerFailure.cannotRun("the API", host: host, port: port, error: error, verbose: verbose)
        }
    }
}
