import Foundation
import Testing
import CLITestSupport

/// Issue 29 item 10 in process, with standard input given as a pipe gives it: the walkthrough echoes
/// a piped answer so the transcript reads like a session; an escape sequence or a bidi
/// override in that answer is echoed escaped, never raw
/// (`printf '…\x1b]0;pwned\x07\n' | stroke-triage walk | cat -v`).
@Suite struct WalkEchoTests {
    @Test("a piped answer holding an escape sequence and U+202E is echoed escaped")
    func echoIsEscaped() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(["walk", "--mode", "offline", "--accept-disclaimer"],
                                     stdin: "y\n\n500\u{1B}]0;pwned\u{07}\u{202E}\n500\n\n\n\n\n",
                                     environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(!r.stdout.contains("\u{1B}]0;pwned"))
        #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x202E })
        #expect(r.stdout.contains(#"500\u{1B}]0;pwned\u{7}\u{202E}"#), "\(r.stdout)")
    }
}
