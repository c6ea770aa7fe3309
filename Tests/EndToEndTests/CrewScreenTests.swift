import Foundation
import StrokeJSON
import StrokeModels
import Testing
import CLITestSupport
import TestJSON

/// Issue 44: the crew's screen. The summary opens the result, verdict first, every line within 80
/// columns; the whole result (audit lines included) is at most 25 non-empty lines; each warning is said once.
@Suite struct CrewScreenTests {
    static let anticoagulated = ["full", "--age", "70", "--sbp", "190", "--dbp", "100", "--gfap", "180", "--fast-ed", "6",
                                 "--onset-minutes", "60", "--near", "Deggendorf", "--anticoagulated", "--accept-disclaimer"]

    @Test(arguments: ["en", "de"])
    func theAnticoagulatedPatientWithAPlaceFitsTwentyFiveLinesAndTheCloudIsMentionedOnce(_ lang: String) async throws {
        let run = await InProcessCLI.run(Self.anticoagulated + ["--mode", "auto", "--api-base", "http://127.0.0.1:9", "--lang", lang])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count <= 25, "\(lines.count) lines:\n\(run.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        let cloud = lang == "de" ? "Cloud nicht verwendet" : "Cloud not used"
        #expect(run.stdout.components(separatedBy: cloud).count == 2, "\(run.stdout)")
        // The summary opens the result: destination with the stroke number, the hospital's onward transfer, urgency, verdicts, flags.
        let summary = lines.dropFirst().prefix(6).map(String.init)
        #expect(summary[0].contains("+49 991 380-2201"))
        #expect(summary[1].hasPrefix("  → ") && summary[1].contains("Uniklinikum Regensburg"))
        #expect(summary[3].hasPrefix(lang == "de" ? "Verdacht auf großen Gefäßverschluss (FAST-ED 6" : "LVO suspected (FAST-ED 6"))
        #expect(!summary[4].contains("%"))
        #expect(summary[5].contains(lang == "de" ? "antikoaguliert" : "anticoagulated"))
    }

    @Test func everySummaryLineFitsEightyColumnsForLongNamesInBothLanguages() async throws {
        for place in ["Stuttgart", "Regensburg", "Deggendorf", "Konstanz", "Wuppertal"] {
            for lang in ["en", "de"] {
                let run = await InProcessCLI.run(["full", "--age", "16", "--sbp", "150", "--dbp", "85", "--gfap", "<29", "--fast-ed", "7",
                                                  "--near", place, "--anticoagulated", "--mode", "offline", "--accept-disclaimer",
                                                  "--lang", lang, "--json"])
                #expect(run.status == 0, "\(place): \(run.stderr)")
                let json = try run.json()
                for line in json["decision"]["summary"].stringArray ?? [] { #expect(line.count <= 80, "\(place) \(lang): \(line)") }
            }
        }
    }
}
