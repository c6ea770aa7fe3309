import ArgumentParser
import CaseWire
import Foundation
import HTTPServerKit
import Hummingbird
import Logging
import StrokeBoard
import StrokeModels
import TriageEngine

/// `stroke-triage-server board …`: the hospital's pre-notification board.
struct BoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "The hospital's wall board of incoming pre-notifications (docs/prenotify.md).",
        subcommands: [BoardKeygenCommand.self, BoardServeCommand.self])
}

/// `board keygen --out FILE`: makes the hospital's key pair (0600 file) and prints its public key.
struct BoardKeygenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen", abstract: "Make the hospital's key pair and print the public key for `relay add-hospital`.")

    @Option(name: .long, help: ArgumentHelp("Where to write the private keys (created with mode 0600, never overwritten).",
                                            valueName: "file"))
    var out: String

    func run() async throws {
        let path = out
        let keys = try ServerFailure.report(verbose: false) { try HospitalKeyFile.create(at: path) }
        ServerConsole.out(keys.publicKey.description)
    }
}

/// `board serve --key FILE --relay URL --hospital ID [--listen HOST:PORT]`: polls the relay and serves the board.
struct BoardServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Fetch, decrypt and verify this hospital's cases and serve the board (HTTP, or HTTPS with --tls-cert/--tls-key) until SIGTERM.")

    @Option(name: .long, help: ArgumentHelp("The key file `board keygen` wrote.", valueName: "file")) var key: String
    @Option(name: .long, help: ArgumentHelp("The relay's URL, e.g. https://relay.example.org.", valueName: "url")) var relay: String
    @Option(name: .long, help: ArgumentHelp("This hospital's id as registered at the relay.", valueName: "id")) var hospital: String
    @Option(name: .long, help: ArgumentHelp(
        "The name shown in the page header (default: the stroke center with this id in the bundled data, else the id).",
        valueName: "name"))
    var hospitalName: String?
    @Option(name: .long, help: ArgumentHelp("Address to serve the board on (default 127.0.0.1:8445: this machine only).",
                                            valueName: "host:port"))
    var listen: String = "127.0.0.1:8445"
    @Option(name: .long, help: ArgumentHelp("Seconds between polls of the relay (0.2–60; default 1).", valueName: "s"), transform: DecimalFlag.double)
    var pollSeconds: Double = 1
    @Option(name: [.customLong("lang"), .customLong("language")],
            help: ArgumentHelp("Page language en or de, the board's own words whatever the device's language (default: each browser's Accept-Language, else en).",
                               valueName: "lang"))
    var language: String?
    @Option(name: .long, help: ArgumentHelp(
        "JSON file of device name → base64 key to trust instead of the relay's device registry.", valueName: "file"))
    var trustedDevices: String?
    @Option(name: .customLong("allowed-host"), help: ArgumentHelp(
        "A host name the board's page may be opened under besides localhost, 127.x and [::1] (repeatable).",
        valueName: "name"))
    var allowedHosts: [String] = []
    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "PEM file of a private CA the relay's certificate may chain to, besides the system's (an https --relay).",
        valueName: "file"))
    var caFile: String?
    @Option(name: .customLong("protocol"), help: ArgumentHelp(
        "A local protocol file the service's devices use (`stroke-triage protocol --json`; repeatable): cases naming it are checked under it.",
        valueName: "file"))
    var protocolFiles: [String] = []
    @Flag(name: .long, help: "Log debug detail.") var verbose = false
    @OptionGroup var tls: TLSOptions

    func run() async throws {
        let protocols = try protocolFiles.map { path in
            try ServerFailure.report(verbose: verbose) { () throws -> TriageProtocol in try ProtocolFile.load(path) }
        }
        let (keyPath, relayURL, hospitalId, listen, poll, language) = (key, relay, hospital, listen, pollSeconds, language)
        let (trustedPath, allowedHosts, caFile) = (trustedDevices, allowedHosts, caFile)
        let name = hospitalName ?? HospitalLocator.center(hospitalId, config: AppConfig())?.name
        // The centers a case may be routed to: this board's dataset (issue 45); unreadable data refuses none.
        let centerIds = HospitalLocator.centerIds(config: AppConfig())
        let (configuration, keys, client) = try ServerFailure.report(verbose: verbose) {
            () throws -> (BoardConfiguration, HospitalKeyPair, RelayHTTPClient) in
            var configuration = try BoardConfiguration(hospitalId: hospitalId, relayURL: relayURL)
            (configuration.listenHost, configuration.listenPort) = try Self.address(listen)
            try configuration.allowHosts(allowedHosts)
            guard poll.isFinite, (0.2...60).contains(poll) else {
                throw BoardError.configurationInvalid("poll-seconds: allowed 0.2–60, got \(poll)")
            }
            configuration.pollInterval = .milliseconds(Int64((poll * 1000).rounded()))
            if let language {
                guard let chosen = BoardLanguage(rawValue: language) else {
                    throw BoardError.configurationInvalid("language: en or de, got \(language)")
                }
                configuration.language = chosen
            }
            configuration.hospitalName = name
            configuration.protocols = protocols
            configuration.centerIds = centerIds
            configuration.trustedDevices = try trustedPath.map { path throws(BoardError) in try BoardConfiguration.trustedDevices(file: path) }
            return (configuration, try HospitalKeyFile.read(at: keyPath), try RelayHTTPClient(baseURL: relayURL, caFile: caFile))
        }
        let (server, scheme) = try tls.server(BoardServer.http1)
        let logger = ServerLaunch.logger(label: "stroke-triage.board", level: verbose ? .debug : .info)
        let state = BoardState(hospitalId: configuration.hospitalId)
        let poller = BoardPoller(configuration: configuration, keys: keys, client: client, state: state, logger: logger)
        try await ServerLaunch.run(
            BoardRoutes(configuration: configuration, state: state, logger: logger).makeRouter().buildResponder(), server: server,
            host: configuration.listenHost, port: configuration.listenPort, serverName: "stroke-triage-board", services: [poller],
            logger: logger
        ) { port in
            logger.info("board listening", metadata: [
                "scheme": "\(scheme)", "port": "\(port)", "hospital": "\(configuration.hospitalId)",
                "publicKey": "\(keys.publicKey)",
            ])
        }
        logger.info("board stopped")
    }

    static func address(_ text: String) throws -> (String, Int) {
        guard let address = ListenAddress(text) else { throw BoardError.configurationInvalid(ListenAddress.problem(text)) }
        return (address.host, address.port)
    }
}
