import Foundation
import Testing
import CLITestSupport

/// Issue 29 item 7 through the binary (the exit code is the point): number flags use
/// the one decimal grammar of batch and the API. `--gfap 0x1F4` was 500 and `0x1p9`
/// 512; now each is a usage error (64) naming the flag, the allowed form and the value.
@Suite struct NumberFlagTests {
    @Test("a number flag that is not a decimal number exits 64 naming the flag, the form and the value",
          arguments: ["0x1F4", "0x1p9", "+70", " 70", "inf", "nan"])
    func notADecimal(_ value: String) async throws {
        let r = await InProcessCLI.run(["lvo", "--gfap", value, "--fast-ed", "3"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("The value '\(value)' is invalid for '--gfap <gfap>': allowed is a decimal number such as 70"), "\(r.stderr)")
    }

    @Test("an integer flag takes the same grammar; an escape sequence in the value is shown escaped")
    func integerFlagAndEscaping() async throws {
        let limit = await InProcessCLI.run(["centers", "--near", "Würzburg", "--limit", "+3"])
        #expect(limit.status == 64)
        #expect(limit.stderr.contains("allowed is a whole number"), "\(limit.stderr)")
        let hostile = await InProcessCLI.run(["volume", "--gfap", "70\u{1B}]0;pwned\u{07}"])
        #expect(hostile.status == 64)
        #expect(!hostile.stderr.contains("\u{1B}"))
        #expect(hostile.stderr.contains("70\\u{1B}]0;pwned\\u{7}"))
        #expect(await InProcessCLI.run(["volume", "--gfap", "1e3"]).status == 0)
    }
}
