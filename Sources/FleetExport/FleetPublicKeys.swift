import Crypto
import Foundation
import StrokeJSON

/// The regulator's public-keys file: `{"collector":"<b64>","devices":{"NAME":"<b64>",…}}`.
/// A device that signed with several keys (rotation) lists them as an array.
/// The regulator obtains it from the collector's operator out of band and
/// trusts it; the export itself carries no key that the verifier trusts.
public struct FleetPublicKeys: Sendable, Hashable {
    /// The collector's raw Ed25519 public key.
    public let collector: Data
    /// Each device's raw Ed25519 public keys, by name.
    public let devices: [String: [Data]]

    /// Creates the keys.
    public init(collector: Data, devices: [String: [Data]]) {
        self.collector = collector
        self.devices = devices
    }

    /// The file's bytes: sorted keys; one key as a string, several as a sorted array; ends with a newline.
    public var fileContents: Data {
        let devices: [(String, JSONValue)] = self.devices.keys.sorted().map { name in
            let texts = (self.devices[name] ?? []).map { $0.base64EncodedString() }.sorted()
            return (name, texts.count == 1 ? .string(texts[0]) : .array(texts.map(JSONValue.string)))
        }
        let object = JSONValue.object([("collector", .string(collector.base64EncodedString())), ("devices", .object(devices))])
        return Data(object.serializedBytes()) + Data("\n".utf8)
    }

    /// Reads a public-keys file.
    /// - Throws: `FleetExportError.publicKeysInvalid` naming the path (and the field).
    public init(contentsOf path: String) throws(FleetExportError) {
        // The real cause first (issue 46): a file that is not there, or not JSON (with the line and column).
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FleetExportError(.publicKeysMissing, path)
        }
        let object: JSONValue
        do { object = try JSONValue(parsing: Array(data)) } catch {
            let (line, column) = error.position(in: Array(data))
            throw FleetExportError(.publicKeysInvalid, "\(path): line \(line), column \(column): \(error.reason)")
        }
        guard object.objectMembers != nil else { throw FleetExportError(.publicKeysInvalid, path) }
        guard let collector = object["collector"]?.stringValue.flatMap(Self.key) else {
            throw FleetExportError(.publicKeysInvalid, "\(path): collector")
        }
        guard let entries = object["devices"]?.objectMembers else { throw FleetExportError(.publicKeysInvalid, "\(path): devices") }
        var devices: [String: [Data]] = [:]
        for (name, value) in entries {
            let texts = value.stringArray ?? value.stringValue.map { [$0] }
            guard let texts, !texts.isEmpty else { throw FleetExportError(.publicKeysInvalid, "\(path): devices.\(name)") }
            var keys: [Data] = []
            for text in texts {
                guard let key = Self.key(text) else { throw FleetExportError(.publicKeysInvalid, "\(path): devices.\(name)") }
                keys.append(key)
            }
            devices[name] = keys
        }
        self.init(collector: collector, devices: devices)
    }

    private static func key(_ text: String) -> Data? {
        guard let raw = Data(base64Encoded: text), raw.count == 32,
              (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else { return nil }
        return raw
    }
}
