import Foundation
import StrokeJSON

/// One exported record, written in its documented field order.
struct ExportLine {
    let sequence: Int64, timestamp: Int64
    let type: String
    let assessment: String?
    let status: String
    let previous: Data, hash: Data, ciphertext: Data

    /// The CSV header row.
    static let csvHeader = "sequence,timestamp,time,type,assessment,payloadStatus,prevHash,hash,ciphertext,payload\n"

    /// `{"sequence":…,"timestamp":…,…,"ciphertext":"…","payload":…}` and LF.
    func writeJSON(payload: Data?, to out: inout [UInt8], clock: inout ISOClock) {
        out.append(contentsOf: "{\"sequence\":".utf8)
        JSONText.appendInteger(Int(sequence), to: &out)
        out.append(contentsOf: ",\"timestamp\":".utf8)
        JSONText.appendInteger(Int(timestamp), to: &out)
        out.append(contentsOf: ",\"time\":\"".utf8)
        clock.append(timestamp, to: &out)
        out.append(contentsOf: "\",\"type\":".utf8)
        JSONText.appendQuoted(type, to: &out)
        out.append(contentsOf: ",\"assessment\":".utf8)
        if let assessment { JSONText.appendQuoted(assessment, to: &out) } else { out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: ",\"payloadStatus\":\"".utf8)
        out.append(contentsOf: status.utf8)
        out.append(contentsOf: "\",\"prevHash\":\"".utf8)
        Hex.append(previous, to: &out)
        out.append(contentsOf: "\",\"hash\":\"".utf8)
        Hex.append(hash, to: &out)
        out.append(contentsOf: "\",\"ciphertext\":\"".utf8)
        ByteText.appendBase64(ciphertext, to: &out)
        out.append(contentsOf: "\",\"payload\":".utf8)
        if let payload { out.append(contentsOf: payload) } else { out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: "}\n".utf8)
    }

    /// One CSV row; only the payload is quoted (inner quotes doubled), empty when unreadable.
    func writeCSV(payload: Data?, to out: inout [UInt8], clock: inout ISOClock) {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        JSONText.appendInteger(Int(sequence), to: &out)
        out.append(comma)
        JSONText.appendInteger(Int(timestamp), to: &out)
        out.append(comma)
        clock.append(timestamp, to: &out)
        out.append(comma)
        out.append(contentsOf: type.utf8)
        out.append(comma)
        out.append(contentsOf: (assessment ?? "").utf8)
        out.append(comma)
        out.append(contentsOf: status.utf8)
        out.append(comma)
        Hex.append(previous, to: &out)
        out.append(comma)
        Hex.append(hash, to: &out)
        out.append(comma)
        ByteText.appendBase64(ciphertext, to: &out)
        out.append(comma)
        if let payload {
            out.append(quote)
            for byte in payload {
                out.append(byte)
                if byte == quote { out.append(quote) }
            }
            out.append(quote)
        }
        out.append(UInt8(ascii: "\n"))
    }
}
