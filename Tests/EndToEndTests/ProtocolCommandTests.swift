import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON
import TestScratch

/// `stroke-triage protocol`, `--protocol FILE` and what a decision names (issue 37), in process.
@Suite struct ProtocolCommandTests {
    static let deggendorfLvo = ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "29", "--fast-ed", "7",
                                "--onset-minutes", "60", "--near", "Deggendorf", "--mode", "offline", "--accept-disclaimer"]

    static func file(_ text: String) throws -> URL {
        let url = TestScratch.directory("protocol").appendingPathComponent("protocol.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func theDecisionNamesThePrintedProtocolAndAnEditedFileChangesTheRoute() async throws {
        let printed = await InProcessCLI.run(["protocol", "--json"])
        #expect(printed.status == 0)
        let protocolJSON = try printed.json()
        let values = try #require(protocolJSON["values"].object)
        #expect(values.keys.count == 18)
        #expect(protocolJSON["urgency"].stringArray == ["immediate", "timeCritical", "urgent", "standard"])
        let text = await InProcessCLI.run(["protocol"])
        #expect(text.stdout.contains("lvo.bypassMaxExtraMinutes = 15 min (allowed 0–240)"))
        // Issue 44: the text fits 80 columns with human labels; --json is pretty-printed, one value a line.
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(!text.stdout.contains("lvoVerdict") && text.stdout.contains("LVO verdict"))
        #expect(printed.stdout.split(separator: "\n").count > 16)
        #expect(text.stdout.contains("1. immediate"))

        let assessed = try await InProcessCLI.run(Self.deggendorfLvo + ["--json"]).json()
        let decision = try #require(assessed["decision"].object)
        #expect((decision["protocol"].object)?["sha256"].stringValue == protocolJSON["sha256"].stringValue)
        #expect(decision["ichUsed"].boolValue == false)
        let routing = try #require(assessed["routing"].object)
        #expect(routing["category"].stringValue == "dripAndShip")
        #expect((routing["destination"].object)?["id"].stringValue == "klinikum-deggendorf")

        // A medical director allows 90 extra minutes for a direct thrombectomy, in and after the lysis window, and
        // removes the stale sha256 member: Regensburg (about 64 min farther) now.
        let sha256Member = #",\#n  "sha256": "\#(protocolJSON["sha256"].stringValue ?? "")""#
        #expect(printed.stdout.contains(sha256Member))
        let wide = try Self.file(printed.stdout
            .replacingOccurrences(of: #""lvo.bypassMaxExtraMinutes": {"value": 15,"#, with: #""lvo.bypassMaxExtraMinutes": {"value": 90,"#)
            .replacingOccurrences(of: #""lvo.bypassMaxExtraMinutesAfterLysisWindow": {"value": 30,"#,
                                  with: #""lvo.bypassMaxExtraMinutesAfterLysisWindow": {"value": 90,"#)
            .replacingOccurrences(of: sha256Member, with: ""))
        let direct = try await InProcessCLI.run(Self.deggendorfLvo + ["--json", "--protocol", wide.path]).json()
        #expect((direct["routing"].object)?["category"].stringValue == "thrombectomy")
        let sha = ((direct["decision"].object)?["protocol"].object)?["sha256"].stringValue
        #expect(sha != nil && sha != protocolJSON["sha256"].stringValue)
        let shown = try await InProcessCLI.run(["protocol", "--json", "--protocol", wide.path]).json()
        #expect(shown["sha256"].stringValue == sha)
    }

    @Test func aBadProtocolFileExits65NamingTheFieldAndNothingRuns() async throws {
        let printed = await InProcessCLI.run(["protocol", "--json"]).stdout
        let broken = try Self.file(printed.replacingOccurrences(of: #""lvo.fastEdFrom": {"value": 4,"#, with: #""lvo.fastEdFrom": {"value": 11,"#))
        for arguments in [Self.deggendorfLvo + ["--protocol", broken.path], ["protocol", "--protocol", broken.path],
                          ["route", "--near", "Würzburg", "--fast-ed", "6", "--protocol", broken.path]] {
            let run = await InProcessCLI.run(arguments)
            #expect(run.status == 65, "\(arguments.first!): \(run.stderr)")
            #expect(run.stderr.contains("lvo.fastEdFrom.value"))
            #expect(run.stdout.isEmpty)
        }
        let missing = await InProcessCLI.run(["protocol", "--protocol", "/nonexistent/protocol.json"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("[protocol.unreadable]") || missing.stderr.contains("/nonexistent/protocol.json"))
    }

    @Test func theCrewSummaryLeadsWithTheDestinationInEnglishAndGerman() async throws {
        for (lang, consider, urgency) in [("en", "Consider: Klinikum Deggendorf, tel. +49 991 380-2201", "Urgency: time-critical"),
                                           ("de", "Erwägen: Klinikum Deggendorf, Tel. +49 991 380-2201", "Dringlichkeit: zeitkritisch")] {
            let run = await InProcessCLI.run(Self.deggendorfLvo + ["--anticoagulated", "--lang", lang])
            #expect(run.status == 0)
            let result = run.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("Result") && !$0.hasPrefix("Ergebnis") }
            let summary = Array(result.dropFirst().prefix { !$0.isEmpty }.filter { !$0.hasPrefix("  ") })
            #expect(summary.count <= 5, "\(summary)")
            #expect(summary.first?.hasPrefix(consider) == true, "\(summary)")
            #expect(summary.dropFirst().first == urgency, "\(summary)")
            #expect(!run.stdout.contains(" 0 %") && !run.stdout.contains("100 %") && !run.stdout.contains("Broderick"))
            if lang == "de" { #expect(!run.stdout.contains("ICH") && run.stdout.contains("ICB")) }
        }
    }

    @Test func theBareCommandTakesTheWalkthroughsFlags() async {
        let run = await InProcessCLI.run(["--lang", "de", "--mode", "offline", "--accept-disclaimer"], stdin: "j\n\n500\n\n\n\n\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("ICB: vor der Bildgebung nicht beurteilbar"))
        #expect(await InProcessCLI.run(["--version"]).status == 0)
    }
}

/// `outcomes` never prints an impossible number (issue 34, item 2).
@Suite struct OutcomesDomainTests {
    @Test(arguments: ["0.1", "0.16317991631799164", "4.5"])
    func aRaceOutsideItsDomainExits65NamingIt(_ race: String) async {
        let run = await InProcessCLI.run(["outcomes", "--race", race, "--onset-minutes", "20", "--to-thrombolysis", "80",
                                          "--to-thrombectomy", "20", "--transfer", "75"])
        #expect(run.status == 65, "\(run.stdout)")
        #expect(run.stderr.contains("RACE"), "\(run.stderr)")
        #expect(!run.stdout.contains("nan") && !run.stdout.contains("101 %"))
    }
}

/// A result that fits a glance (issue 35, item 4): the summary, the estimates with their source,
/// the recommendations and the destination; `--details` shows the rest.
@Suite struct ConciseResultTests {
    static let withPlace = ["full", "--age", "70", "--sbp", "190", "--dbp", "100", "--gfap", "450", "--fast-ed", "5", "--anticoagulated",
                            "--near", "Würzburg", "--onset-minutes", "60", "--mode", "offline", "--accept-disclaimer"]

    @Test(arguments: ["en", "de"])
    func atMost25NonEmptyLinesAndDetailsOnRequest(_ lang: String) async {
        let glance = await InProcessCLI.run(Self.withPlace + ["--lang", lang])
        #expect(glance.status == 0)
        let lines = glance.stdout.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count <= 25, "\(lines.count) lines:\n\(glance.stdout)")
        #expect(glance.stdout.contains("--details"))
        let details = await InProcessCLI.run(Self.withPlace + ["--lang", lang, "--details"])
        #expect(details.status == 0)
        #expect(details.stdout.count > glance.stdout.count)
        #expect(details.stdout.contains(lang == "en" ? "Alternatives" : "Alternativen"))
        #expect(!glance.stdout.contains(lang == "en" ? "Alternatives" : "Alternativen"))
    }

    @Test func theWalkthroughShowsTheDetailsOnM() async {
        let walked = await ScriptedWalk.run(["walk", "--mode", "offline", "--accept-disclaimer"], script: [
            ("comatose", "y"), ("Blood glucose", ""), ("GFAP", "500"), ("Minutes", ""), ("Location", ""), ("Compute?", ""),
            ("Save a Markdown handover report?", "m"), ("Save a Markdown handover report?", ""),
        ])
        #expect(walked.mismatches.isEmpty, "\(walked.mismatches)")
        #expect(walked.status == 0)
        let more = walked.stdout.range(of: "More: m at the report question")
        let drivers = walked.stdout.range(of: "Drivers (log-odds")
        #expect(more != nil && drivers != nil && more!.lowerBound < drivers!.lowerBound, "\(walked.stdout)")
    }
}
