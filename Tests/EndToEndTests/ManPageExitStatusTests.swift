import Foundation
import TestScratch
import Testing

/// The man page's EXIT STATUS (issue 29, item 12): `Scripts/install` passes the page that
/// swift-argument-parser's generate-manual writes (whose EXIT STATUS only says ">0") through
/// `Scripts/man-exit-status`, which lists every code of the README's exit-code table instead.
@Suite struct ManPageExitStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A page as generate-manual writes it (its sections around EXIT STATUS, which holds `.Ex -std`).
    static let generated = """
        .Dd November 26, 2026
        .Dt STROKE-TRIAGE 1
        .Os
        .Sh NAME
        .Nm stroke-triage
        .Sh "EXIT STATUS"
        .Ex -std
        .Sh AUTHORS
        The stroke-triage developers.

        """

    /// Runs the filter on `page` with the README; returns its status and output.
    static func filter(_ page: String) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                             [Self.root.appendingPathComponent("Scripts/man-exit-status").path,
                                              Self.root.appendingPathComponent("README.md").path],
                                             stdin: Data(page.utf8))
        return (run.status, run.stdout)
    }

    @Test func theExitStatusSectionListsEveryCodeOfTheReadmeTable() async throws {
        let codes = try ExitCodeTableTests.tableCodes()
        #expect(codes.count >= 8)
        let (status, page) = try await Self.filter(Self.generated)
        #expect(status == 0)
        #expect(!page.contains(".Ex -std"))
        for code in codes { #expect(page.contains("\n.It Sy \(code)\n"), "exit code \(code) is not in the man page") }
        #expect(page.contains("usage error"))
        // The other sections are untouched, in order.
        #expect(page.hasPrefix(".Dd November 26, 2026\n.Dt STROKE-TRIAGE 1\n.Os\n.Sh NAME\n.Nm stroke-triage\n.Sh \"EXIT STATUS\"\n.Bl -tag"))
        #expect(page.hasSuffix(".El\n.Sh AUTHORS\nThe stroke-triage developers.\n"))
        // The install script uses the filter.
        let install = try String(contentsOf: Self.root.appendingPathComponent("Scripts/install"), encoding: .utf8)
        #expect(install.contains("Scripts/man-exit-status README.md"))
        // A page without the section is refused, not passed through.
        await #expect(try Self.filter(".Sh NAME\nx\n").status != 0)
    }
}
