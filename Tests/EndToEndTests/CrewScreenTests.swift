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

/// Issue 44's done-when: 20 patients across modules and places (long hospital names included), English and German.
@Suite struct CrewSummaryTwentyPatientsTests {
    static let places = ["Stuttgart", "Regensburg", "Deggendorf", "Würzburg", "Kelheim", "Haßfurt", "Wuppertal"]
    static let modules: [[String]] = [
        ["coma", "--gfap", "900"],
        ["limited", "--age", "82", "--sbp", "190", "--dbp", "100", "--gfap", "2500", "--reduced-vigilance"],
        ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "180", "--fast-ed", "7", "--onset-minutes", "90"],
    ]

    static var patients: [[String]] {
        (0..<20).map { i in modules[i % 3] + ["--near", places[i % places.count]] + (i % 4 == 0 ? ["--anticoagulated"] : []) }
    }

    @Test func theSummaryOpensTheResultVerdictFirstWithinEightyColumns() async throws {
        for patient in Self.patients {
            let arguments = patient.first == "full" ? patient : patient.filter { $0 != "--anticoagulated" }
            let json = try await InProcessCLI.run(arguments + ["--mode", "offline", "--accept-disclaimer", "--json"]).json()
            let phone = json["routing"]["destination"]["emergencyPhone"].stringValue ?? json["routing"]["destination"]["phone"].stringValue
            for lang in ["en", "de"] {
                let run = await InProcessCLI.run(arguments + ["--mode", "offline", "--accept-disclaimer", "--lang", lang])
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let start = try #require(lines.firstIndex { $0 == "Result" || $0 == "Ergebnis" })
                let summary = Array(lines[(start + 1)...].prefix { !$0.isEmpty })
                #expect(!summary.isEmpty && summary.count <= 6, "\(summary)")
                for line in summary { #expect(line.count <= 80, "\(lang) \(line)") }
                if let phone { #expect(summary[0].contains(phone), "\(summary[0]) lacks \(phone)") }
                let lvo = summary.first { $0.hasPrefix("LVO") || $0.contains("Gefäßverschluss (") }
                if let lvo {
                    #expect(["LVO suspected (", "LVO not suspected (", "Verdacht auf großen", "Kein Verdacht auf großen"].contains { lvo.hasPrefix($0) }, "\(lvo)")
                }
                let ich = try #require(summary.first { $0.hasPrefix("ICH") || $0.hasPrefix("ICB") })
                // Offline the ICH number is never decision-grade: no percentage, no risk word.
                #expect(!ich.contains("%") && !["high", "low", "medium", "critical", "hoch", "niedrig", "mittel", "kritisch"].contains { ich.contains($0) },
                        "\(ich)")
            }
        }
    }
}
