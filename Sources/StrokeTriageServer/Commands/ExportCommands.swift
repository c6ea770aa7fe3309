import ArgumentParser
import FleetExport
import Foundation
import StrokeCollector

/// `collector keygen --out FILE`: creates the collector's Ed25519 signing key (0600) and prints its public key.
struct CollectorKeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen", abstract: "Create the collector's export signing key (0600 file); print its public key (base64).")

    @Option(name: .long, help: ArgumentHelp("Where to write the private key (refused if it exists, unless --force).", valueName: "file"))
    var out: String
    @Flag(name: .long, help: "Replace an existing file.") var force = false

    func run() throws {
        let publicKey = try ServerFailure.report(verbose: false) { try FleetKeyFile.generate(.collector, to: out, force: force) }
        ServerConsole.out(publicKey)
    }
}

/// `collector public-keys --out FILE [--device NAME]`: the regulator's public-keys file.
struct CollectorPublicKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "public-keys",
        abstract: "Write the public-keys file a regulator verifies exports with: the collector's key and every device's keys.")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("The collector's key file (else STROKE_COLLECTOR_SIGNING_KEY, else \"signingKey\").",
                                            valueName: "file"))
    var signingKey: String?
    @Option(name: .long, help: ArgumentHelp("Where to write the JSON file (replaced if it exists).", valueName: "file")) var out: String
    @Option(name: .long, help: ArgumentHelp("Only this device.", valueName: "name")) var device: String?

    func run() async throws {
        let key = try options.signingKey(flag: signingKey)
        let device = device
        let devices = try await options.withStore { try await $0.devicePublicKeys(deviceName: device) }
        let keys = FleetPublicKeys(collector: key.publicKey.rawRepresentation, devices: devices)
        let out = out
        try ServerFailure.report(verbose: false) { try OutputFileShim.write(keys.fileContents, to: out) }
        ServerConsole.out("wrote the public keys of the collector and \(devices.count) device(s) to \(out)")
    }
}

/// `collector export --from DATE --to DATE [--device NAME] --out DIR`: the regulator's signed fleet export.
struct CollectorExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a signed fleet export (records, chain links, signed heads, wrapped keys, manifests) for a date range.",
        discussion: "Verify it offline with `stroke-triage audit verify --fleet-export DIR --public-keys FILE` (docs/audit-format.md).")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("First day (YYYY-MM-DD, UTC) or time (ISO 8601 with zone), inclusive.", valueName: "date"))
    var from: String
    @Option(name: .long, help: ArgumentHelp("Last day (YYYY-MM-DD, UTC, the whole day) or time, inclusive.", valueName: "date"))
    var to: String
    @Option(name: .long, help: ArgumentHelp("Only this device.", valueName: "name")) var device: String?
    @Option(name: .long, help: ArgumentHelp("The export directory (must be empty or absent, unless --force).", valueName: "dir"))
    var out: String
    @Option(name: .long, help: ArgumentHelp("The collector's key file (else STROKE_COLLECTOR_SIGNING_KEY, else \"signingKey\").",
                                            valueName: "file"))
    var signingKey: String?
    @Flag(name: .long, help: "Write into a non-empty directory, replacing the export's files.") var force = false

    func validate() throws {
        if case .failure(let error) = FleetExportRange.parse(from: from, to: to) {
            throw ValidationError("\(error.flag): expected YYYY-MM-DD or an ISO 8601 time with zone, from not after to; got \(error.value)")
        }
    }

    func run() async throws {
        guard case .success(let range) = FleetExportRange.parse(from: from, to: to) else { throw ExitCode(64) }
        let key = try options.signingKey(flag: signingKey)
        let device = device
        let content = try await options.withStore { try await $0.exportContent(range: range, deviceName: device) }
        let (out, force) = (out, force)
        let summary = try ServerFailure.report(verbose: false) {
            try FleetExportWriter.write(devices: content, fromMs: range.fromMs, toMs: range.toMs, signingKey: key, to: out, force: force)
        }
        ServerConsole.out("exported \(summary.devices) device(s), \(summary.records) record(s) in range, to \(out)")
    }
}
