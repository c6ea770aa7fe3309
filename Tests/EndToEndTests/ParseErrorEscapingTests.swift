import Foundation
import Testing
import CLITestSupport

/// Argument-parser's own errors quote what was typed: control characters in
/// them are escaped, so an escape sequence never reaches the terminal raw.
@Suite struct ParseErrorEscapingTests {
    @Test("an unknown option holding an escape sequence is quoted escaped, exit 64")
    func unknownOptionIsEscaped() async throws {
        let r = await InProcessCLI.run(["lvo", "--gfap", "1", "--fast-ed", "2", "--x\u{1B}]0;pwned\u{07}"])
        #expect(r.status == 64)
        #expect(!r.stderr.contains("\u{1B}"))
        #expect(!r.stderr.contains("\u{07}"))
        #expect(r.stderr.contains("--x\\u{1B}]0;pwned\\u{7}"))
    }

    @Test("an invalid option value holding an escape sequence is quoted escaped")
    func invalidValueIsEscaped() async throws {
        let r = await InProcessCLI.run(["batch", "--module", "lvo\u{1B}[2J"])
        #expect(r.status == 64)
        #expect(!r.stderr.contains("\u{1B}"))
    }

    @Test("help and version still go to stdout with exit 0")
    func helpAndVersionUntouched() async throws {
        let help = await InProcessCLI.run(["lvo", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: stroke-triage lvo"))
        let version = await InProcessCLI.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }
}
