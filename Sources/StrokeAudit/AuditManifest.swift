import AuditFormat
import Foundation
import StrokeJSON

/// The manifest written beside an export (`<export>.manifest.json`): what a
/// regulator needs to check the export with the public key only.
struct AuditManifest {
    let exportFormat: String
    let file: String
    let sha256: String
    let count: Int
    let first: Int64, last: Int64
    let firstPreviousHash: String, lastHash: String
    let fromMs: Int64?, toMs: Int64?
    let checkpoint: AuditCheckpoint
    /// The signed head at the checkpoint (version 2; nil in a version 1 manifest).
    let head: AuditHead?
    let exportSignature: Data
    let createdMs: Int64
    let disclaimer: String

    /// The manifest as pretty JSON text, keys in documented order: one member
    /// per line, nested objects on one line with spaces, the signed head compact
    /// (exactly as `audit head --json` prints it).
    var json: String {
        func ms(_ value: Int64?) -> JSONValue { value.map { .string(UTCTime.iso($0)) } ?? .null }
        func int(_ value: Int64) -> JSONValue { .integer(Int(value)) }
        let cpHash = JSONValue.string(Hex.encode(checkpoint.headHash))
        let top: [(String, JSONValue)] = [
            ("format", .string("stroke-triage-audit-export-manifest")), ("version", .integer(2)),
            ("logId", .string(head.map(\.logIDHex) ?? "")), ("exportFormat", .string(exportFormat)), ("file", .string(file)),
            ("sha256", .string(sha256)),
            ("records", .object([("count", .integer(count)), ("first", int(first)), ("last", int(last)),
                                 ("firstPrevHash", .string(firstPreviousHash)), ("lastHash", .string(lastHash))])),
            ("range", .object([("from", ms(fromMs)), ("to", ms(toMs))])),
            ("chainHead", .object([("sequence", int(checkpoint.sequence)), ("hash", cpHash)])),
            ("checkpoint", .object([("sequence", int(checkpoint.sequence)), ("headHash", cpHash), ("createdMs", int(checkpoint.createdMs)),
                                    ("publicKey", .string(checkpoint.publicKey.base64EncodedString())),
                                    ("signature", .string(checkpoint.signature.base64EncodedString()))])),
        ]
        let rest: [(String, JSONValue)] = [
            ("exportSignature", .string(exportSignature.base64EncodedString())), ("createdMs", int(createdMs)),
            ("createdAt", .string(UTCTime.iso(createdMs))), ("containsPatientData", .bool(true)), ("fileMode", .string("0600")),
            ("disclaimer", .string(disclaimer)),
        ]
        let lines = top.map { ($0.0, $0.1.spacedText()) } + [("head", head?.json ?? "null")] + rest.map { ($0.0, $0.1.spacedText()) }
        return JSONValue.memberLines(lines)
    }

    /// Parses a manifest file.
    init(contentsOf url: URL) throws {
        guard let data = try? Data(contentsOf: url) else { throw AuditError.exportUnreadable(url.path) }
        guard let root = try? JSONValue(parsing: Array(data)),
              root["format"]?.stringValue == "stroke-triage-audit-export-manifest",
              let version = root["version"]?.intValue, version == 1 || version == 2,
              let records = root["records"], let cp = root["checkpoint"],
              let exportFormat = root["exportFormat"]?.stringValue, let sha = root["sha256"]?.stringValue,
              let count = records["count"]?.intValue, let first = records["first"]?.intValue.map(Int64.init),
              let last = records["last"]?.intValue.map(Int64.init),
              let firstPrev = records["firstPrevHash"]?.stringValue, let lastHash = records["lastHash"]?.stringValue,
              let cpSequence = cp["sequence"]?.intValue.map(Int64.init),
              let cpHash = cp["headHash"]?.stringValue.flatMap({ Hex.decode($0[...]) }),
              let cpCreated = cp["createdMs"]?.intValue.map(Int64.init),
              let cpKey = cp["publicKey"]?.stringValue.flatMap({ Data(base64Encoded: $0) }),
              let cpSignature = cp["signature"]?.stringValue.flatMap({ Data(base64Encoded: $0) }),
              let signature = root["exportSignature"]?.stringValue.flatMap({ Data(base64Encoded: $0) }) else {
            throw AuditError.manifestInvalid(url.path)
        }
        if version == 2 {
            guard let object = root["head"], let head = AuditHead(value: object) else {
                throw AuditError.manifestInvalid(url.path)
            }
            self.head = head
        } else {
            self.head = nil
        }
        self.exportFormat = exportFormat
        self.file = root["file"]?.stringValue ?? ""
        self.sha256 = sha
        self.count = count
        self.first = first
        self.last = last
        self.firstPreviousHash = firstPrev
        self.lastHash = lastHash
        self.fromMs = nil
        self.toMs = nil
        self.checkpoint = AuditCheckpoint(sequence: cpSequence, headHash: cpHash, createdMs: cpCreated, publicKey: cpKey, signature: cpSignature)
        self.exportSignature = signature
        self.createdMs = root["createdMs"]?.intValue.map(Int64.init) ?? 0
        self.disclaimer = root["disclaimer"]?.stringValue ?? ""
    }

    init(exportFormat: String, file: String, sha256: String, count: Int, first: Int64, last: Int64, firstPreviousHash: String,
         lastHash: String, fromMs: Int64?, toMs: Int64?, checkpoint: AuditCheckpoint, head: AuditHead?, exportSignature: Data, createdMs: Int64,
         disclaimer: String) {
        self.exportFormat = exportFormat
        self.file = file
        self.sha256 = sha256
        self.count = count
        self.first = first
        self.last = last
        self.firstPreviousHash = firstPreviousHash
        self.lastHash = lastHash
        self.fromMs = fromMs
        self.toMs = toMs
        self.checkpoint = checkpoint
        self.head = head
        self.exportSignature = exportSignature
        self.createdMs = createdMs
        self.disclaimer = disclaimer
    }
}
