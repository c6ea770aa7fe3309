import Foundation
import Testing

/// Walks the README's exit-code table: every code it lists is produced by a
/// real command here, and a code added to the table without a scenario fails.
@Suite struct ExitCodeTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The codes of the `## Exit codes` table, in order.
    static func tableCodes() throws -> [Int32] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "\n## Exit codes\n") else { return [] }
        var codes: [Int32] = []
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if let first = cells.first, let code = Int32(first) { codes.append(code) }
        }
        return codes
    }

    static let coma = ["coma", "--mode", "offline", "--accept-disclaimer"]

    /// One command per code that must end with it.
    static func run(for code: Int32, in dir: URL) async throws -> BinaryRunner.Result? {
        switch code {
        case 0: return try await BinaryRunner.run(coma + ["--gfap", "100"])
        case 1:
            return try await BinaryRunner.run(["batch", "--module", "lvo", "--in", dir.appendingPathComponent("missing.csv").path])
        case 64: return try await BinaryRunner.run(coma + ["--gfap", "100", "--no-such-flag"])
        case 65: return try await BinaryRunner.run(coma + ["--gfap=-1"])
        case 69:
            return try await BinaryRunner.run(["coma", "--gfap", "100", "--mode", "cloud", "--accept-disclaimer",
                                         "--api-base", "http://127.0.0.1:1", "--deadline", "60"])
        case 73:
            let link = dir.appendingPathComponent("link.md")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: dir.appendingPathComponent("t.md").path)
            return try await BinaryRunner.run(coma + ["--gfap", "100", "--report", link.path])
        case 74: return try await BinaryRunner.run(coma + ["--gfap", "100", "--report", "/dev/full"])
        case 78:
            try Data("{not json".utf8).write(to: dir.appendingPathComponent("config.json"))
            return try await BinaryRunner.run(coma + ["--gfap", "100"], environment: ["STROKE_TRIAGE_HOME": dir.path])
        case 130:
            // Ctrl-C at the walkthrough's first question.
            let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
            _ = try s.expect("(y/n)")
            s.control(3)
            return BinaryRunner.Result(status: try s.waitForExit(), stdout: "", stderr: "")
        default: return nil
        }
    }

    @Test func everyCodeInTheReadmeTableIsWhatItsScenarioExitsWith() async throws {
        let codes = try Self.tableCodes()
        #expect(codes.count >= 8, "the README's exit-code table was not found or lost rows: \(codes)")
        #expect(Set(codes).isSuperset(of: [0, 1, 64, 65, 69, 73, 74, 130]))
        for code in codes {
            let dir = BinaryRunner.temporaryHome()
            defer { try? FileManager.default.removeItem(at: dir) }
            let result = try await Self.run(for: code, in: dir)
            #expect(result != nil, "README lists exit code \(code) but no test scenario produces it")
            #expect(result?.status == code, "exit code \(code): got \(result?.status ?? -1); stderr: \(result?.stderr ?? "")")
        }
    }
}
