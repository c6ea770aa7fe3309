import ArgumentParser
import StrokeCollector

/// `collector add-device --name NAME --public-key KEY`: registers a device's signing key.
struct AddDeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-device", abstract: "Register a device by name and Ed25519 public key.")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Device name (1–64 of A–Z a–z 0–9 . _ -), e.g. AMB-12.", valueName: "name"))
    var name: String
    @Option(name: .long, help: ArgumentHelp("The output of `stroke-triage audit public-key` on the device (or a file holding it).",
                                            valueName: "key"))
    var publicKey: String

    func run() async throws {
        let (name, key) = (name, publicKey)
        let device = try await options.withStore { try await $0.addDevice(name: name, publicKey: key) }
        ServerConsole.out("added device \(device.name) (\(device.status))")
    }
}

/// `collector list-devices [--all] [--json]`: the registered devices, sorted by name.
struct ListDevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list-devices", abstract: "List the registered devices.")

    @OptionGroup var options: CollectorOptions
    @Flag(name: .long, help: "Also list removed devices.") var all = false
    @Flag(name: .long, help: "One JSON object per line.") var json = false

    func run() async throws {
        let all = all
        let devices = try await options.withStore { try await $0.listDevices(includeRemoved: all) }
        for line in ServerOutput.devices(devices, json: json) { ServerConsole.out(line) }
    }
}

/// `collector suspend-device --name NAME`: refuses the device's pushes until resumed.
struct SuspendDeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suspend-device", abstract: "Refuse a device's pushes until it is resumed.")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Device name.", valueName: "name")) var name: String

    func run() async throws {
        let name = name
        try await options.withStore { try await $0.setStatus(name: name, to: "suspended") }
        ServerConsole.out("suspended device \(name)")
    }
}

/// `collector resume-device --name NAME`: accepts a suspended device's pushes again.
struct ResumeDeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume-device", abstract: "Accept a suspended device's pushes again.")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Device name.", valueName: "name")) var name: String

    func run() async throws {
        let name = name
        try await options.withStore { try await $0.setStatus(name: name, to: "active") }
        ServerConsole.out("resumed device \(name)")
    }
}

/// `collector remove-device --name NAME`: revokes the device's key; its records and incidents stay.
struct RemoveDeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-device",
        abstract: "Revoke a device's key (its stored records and incidents are kept as evidence).")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Device name.", valueName: "name")) var name: String

    func run() async throws {
        let name = name
        try await options.withStore { try await $0.setStatus(name: name, to: "removed") }
        ServerConsole.out("removed device \(name)")
    }
}

/// `collector incidents [--device NAME] [--json]`: refused requests, oldest first.
struct IncidentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incidents", abstract: "List refused requests (gaps, forks, rollbacks, bad signatures…), oldest first.")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Only this device name.", valueName: "name")) var device: String?
    @Flag(name: .long, help: "One JSON array of the incidents (`[]` when there are none).") var json = false

    func run() async throws {
        let device = device
        let incidents = try await options.withStore { try await $0.incidents(deviceName: device) }
        for line in ServerOutput.incidents(incidents, json: json) { ServerConsole.out(line) }
    }
}
