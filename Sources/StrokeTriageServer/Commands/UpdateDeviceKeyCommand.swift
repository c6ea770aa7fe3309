import ArgumentParser
import StrokeCollector

/// `collector update-device-key --name NAME --public-key KEY`: registers a device's new signing key
/// when the collector cannot follow the change itself (no key endorsement: a key file rotated
/// before endorsements existed, or a device restored with new keys). Its records and head stay.
struct UpdateDeviceKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-device-key",
        abstract: "Register a device's new Ed25519 public key (its stored records and head stay).")

    @OptionGroup var options: CollectorOptions
    @Option(name: .long, help: ArgumentHelp("Device name.", valueName: "name")) var name: String
    @Option(name: .long, help: ArgumentHelp("The output of `stroke-triage audit public-key` on the device now (or a file holding it).",
                                            valueName: "key"))
    var publicKey: String

    func run() async throws {
        let (name, key) = (name, publicKey)
        let device = try await options.withStore { try await $0.updateDeviceKey(name: name, publicKey: key) }
        ServerConsole.out("updated the key of device \(device.name) (\(device.status))")
    }
}
