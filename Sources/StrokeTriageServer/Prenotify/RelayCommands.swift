import ArgumentParser
import CaseWire
import Foundation
import StrokeBoard
import StrokeModels
import StrokeRelay
import TriageEngine

/// `stroke-triage-server relay …`: the pre-notification relay and its hospital registry.
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Relay sealed pre-notifications from devices to hospital boards (docs/prenotify.md).",
        subcommands: [RelayServeCommand.self, AddHospitalCommand.self, ListHospitalsCommand.self, RemoveHospitalCommand.self])
}

/// `relay add-hospital --id ID (--public-key KEY | --key-out FILE) [--center CENTER]`: registers a receiving hospital.
struct AddHospitalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-hospital", abstract: "Register a receiving hospital by id and board public key.",
        discussion: "--key-out makes the board's key pair as `board keygen --out` does and registers it in one step.")

    @OptionGroup var options: RelayOptions
    @Option(name: .long, help: ArgumentHelp("Hospital id (1–64 of A–Z a–z 0–9 . _ -), e.g. STROKE-CENTER-1.", valueName: "id"))
    var id: String
    @Option(name: .long, help: ArgumentHelp("The sthk1.… key that `board keygen` printed (or a file holding it).", valueName: "key"))
    var publicKey: String?
    @Option(name: .long, help: ArgumentHelp(
        "Instead of --public-key: make the board's key pair in this file (mode 0600, never overwritten) and register its key.",
        valueName: "file"))
    var keyOut: String?
    @Option(name: .long, help: ArgumentHelp(
        "The hospital's stroke center in the dataset (its id in `stroke-triage centers`), so crews get the ETA to it.",
        valueName: "center-id"))
    var center: String?

    func validate() throws {
        guard (publicKey == nil) != (keyOut == nil) else { throw ValidationError("Give one of --public-key and --key-out.") }
    }

    func run() async throws {
        let id = id, center = center
        if let center, HospitalLocator.center(center, config: AppConfig()) == nil {
            try ServerFailure.report(verbose: options.verbose) { () throws -> Void in throw RelayError.centerUnknown(center) }
        }
        var made: String?
        let key: String
        if let keyOut {
            key = try ServerFailure.report(verbose: options.verbose) { try HospitalKeyFile.create(at: keyOut) }.publicKey.description
            made = keyOut
        } else {
            key = Self.keyText(publicKey ?? "")
        }
        let now = WallClock.system.nowMs
        do {
            let hospital = try await options.withStore { try await $0.addHospital(id: id, publicKey: key, centerId: center, nowMs: now) }
            ServerConsole.out("added hospital \(hospital.id)" + (hospital.centerId.map { " (stroke center \($0))" } ?? ""))
            if let made { ServerConsole.out("board key file: \(made) (for `board serve --key`)") }
        } catch {
            // A key pair registered nowhere is of no use: the file made for it goes again.
            if let made { try? FileManager.default.removeItem(atPath: made) }
            throw error
        }
    }

    /// The key itself, or the content of the file it names.
    static func keyText(_ value: String) -> String {
        if !value.hasPrefix(HospitalPublicKey.prefix + "."), let data = FileManager.default.contents(atPath: value) {
            return String(decoding: data, as: UTF8.self)
        }
        return value
    }
}

/// `relay list-hospitals [--json]`: the registered hospitals, sorted by id.
struct ListHospitalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-hospitals", abstract: "List the registered hospitals.")

    @OptionGroup var options: RelayOptions
    @Flag(name: .long, help: "One JSON object per line.") var json = false

    func run() async throws {
        let hospitals = try await options.withStore { try await $0.listHospitals() }
        for line in ServerOutput.hospitals(hospitals, json: json) { ServerConsole.out(line) }
    }
}

/// `relay remove-hospital --id ID`: removes a hospital and deletes its cases.
struct RemoveHospitalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-hospital", abstract: "Remove a hospital (its cases at the relay are deleted).")

    @OptionGroup var options: RelayOptions
    @Option(name: .long, help: ArgumentHelp("Hospital id.", valueName: "id")) var id: String

    func run() async throws {
        let id = id
        try await options.withStore { try await $0.removeHospital(id: id) }
        ServerConsole.out("removed hospital \(id)")
    }
}
