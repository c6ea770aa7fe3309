import ArgumentParser
import AuditFormat
import Foundation
import PostgresServerKit
import StrokeModels

/// `stroke-triage-server tls …`: the station's own TLS (docs/tls.md).
struct TLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls", abstract: "The station's own TLS: a private CA and the station's certificate (docs/tls.md).",
        subcommands: [TLSInitCommand.self])
}

/// `tls init --data DIR --name HOST [--ip ADDR]…`: a private CA and a server certificate in
/// `DIR/tls/` (0600), which `station --data DIR` then serves without `--tls-cert/--tls-key`;
/// prints the CA file a crew passes to `--ca-file`.
struct TLSInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Make a private CA and the station's certificate in DIR/tls (no openssl needed).",
        discussion: """
            The station (`station --data DIR`) serves HTTPS with them from its next start. Crews trust the station
            with `--ca-file` naming the CA file this prints (copy it to each device). Nothing is overwritten: to
            renew, remove DIR/tls/server.pem and server.key and run it again (the CA is kept). ECDSA P-256 keys;
            the certificate is valid for 825 days, the CA for 10 years. Research use only.
            """)

    @Option(name: .long, help: ArgumentHelp("The station's data directory (as for `station --data`).", valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("The host name crews use to reach the station, e.g. station.ems.example.",
                                            valueName: "host"))
    var name: String

    @Option(name: .customLong("ip"), help: ArgumentHelp("An IP address crews may use instead (repeat for several).",
                                                        valueName: "address"))
    var addresses: [String] = []

    @Flag(name: .long, help: "Show the underlying cause of a failure.") var verbose = false

    func run() async throws {
        let tls = try ServerFailure.report(verbose: verbose) { () throws -> StationTLS in
            // The names first: a bad one is refused before any directory is made (docs/tls.md).
            _ = try StationTLS.subjectAlternativeNames(name: name, addresses: addresses)
            let cluster = try StationCluster(directory: data ?? StationCluster.defaultDirectory()).asAccount()
            try StationTLS.initialize(cluster, name: name, addresses: addresses, now: WallClock.system.date)
            return StationTLS(cluster)
        }
        ServerConsole.out("certificate for \(([name] + addresses).joined(separator: ", ")): \(tls.certificateFile)")
        ServerConsole.out("CA for crews' --ca-file: \(tls.caFile)")
        ServerConsole.out("`station --data` serves HTTPS with it from its next start")
    }
}
