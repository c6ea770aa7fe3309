import Foundation
import Testing
@testable import StrokeCollector

/// Issue 29 item 10: `collector incidents` text output shows a device name from a
/// `Stroke-Device` header (and the detail) with control and bidirectional
/// characters escaped; the pure rendering, no database needed.
@Suite("collector incidents text")
struct IncidentTextTests {
    @Test("a claimed device name with U+202E or an escape sequence is shown escaped")
    func hostileNameIsEscaped() {
        let incident = Incident(id: 1, deviceName: "AMB\u{202E}21-\u{1B}]0;pwned\u{07}", reason: "signature.invalid",
                                detail: "head \u{2066}7\u{2069}", verified: false, createdAt: Date(timeIntervalSince1970: 0))
        let line = incident.textLine
        #expect(line == "1970-01-01T00:00:00Z\tAMB\\u{202E}21-\\u{1B}]0;pwned\\u{7} (unverified)\tsignature.invalid\thead \\u{2066}7\\u{2069}")
        #expect(!line.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test("a plain verified incident is unchanged")
    func plain() {
        let incident = Incident(id: 2, deviceName: "AMB-12", reason: "chain.fork", detail: "", verified: true,
                                createdAt: Date(timeIntervalSince1970: 0))
        #expect(incident.textLine == "1970-01-01T00:00:00Z\tAMB-12\tchain.fork")
    }
}
