import CaseWire
import Foundation
import Testing
@testable import StrokeBoard
import StrokeModels
import TriageLocalization

/// Issue 45 item 6 / issue 47 item 5: the board's strings live in Localization/ like every other string
/// (`board.*` keys of `board.en.strings` and `board.de.strings`), never as inline `de ? "…" : "…"` pairs.
@Suite("board localization")
struct BoardLocalizationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under Sources/, with its path relative to the package.
    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((String(url.path.dropFirst(root.path.count + 1)), text))
        }
        #expect(files.count > 10, "Sources/ not found beside the tests")
        return files
    }

    @Test("no source picks a German or English string inline (de ? \"…\" : \"…\")")
    func noInlineGerman() throws {
        let inline = try Regex(#"\bde\s*\?\s*\(?\s*""#)
        for (path, text) in try Self.sources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(inline) {
                Issue.record("\(path):\(number + 1): inline wording; move it to Localization/: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    @Test("every board. key exists in both languages; BoardText's keys exist, and the board uses every one")
    func boardKeysInBothLanguages() throws {
        let en = Localizer.keys(.en).filter { $0.hasPrefix("board.") }
        let de = Localizer.keys(.de).filter { $0.hasPrefix("board.") }
        #expect(!en.isEmpty)
        #expect(en.subtracting(de).sorted() == [], "board keys only in English")
        #expect(de.subtracting(en).sorted() == [], "board keys only in German")

        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/StrokeBoard/BoardText.swift"), encoding: .utf8)
        let used = Set(source.matches(of: try Regex(#""(board\.[A-Za-z0-9.]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
        #expect(used.count > 30, "BoardText.swift names its keys as literals")
        #expect(used.subtracting(en).sorted() == [], "keys BoardText uses that the tables lack")
        // A key may also be named elsewhere in the board (BoardPage.swift); board.* error codes are not keys.
        let board = try Self.sources().filter { $0.path.hasPrefix("Sources/StrokeBoard/") }.map(\.text).joined()
        #expect(en.filter { !board.contains("\"\($0)\"") }.sorted() == [], "board keys no code of the board uses")
    }

    @Test("the board's wording with its arguments, in both languages")
    func wordingWithArguments() {
        let en = BoardText(language: .en), de = BoardText(language: .de)
        #expect(en.etaTemplate == "ETA {m} min" && de.etaTemplate == "Ankunft in {m} min")
        #expect(en.relayFailing(since: nil) == "Relay not reachable — this board may be out of date.")
        #expect(de.relayFailing(since: "10:42") == "Relay nicht erreichbar (letzte Antwort 10:42) — Anzeige möglicherweise veraltet.")
        #expect(en.module("coma") == "Coma module: patient comatose (GCS \(DecisionRules.comaGcsAtMost) or below)")
        #expect(de.module("coma") == "Koma-Modul: Patient komatös (GCS \(DecisionRules.comaGcsAtMost) oder weniger)")
        #expect(en.module("odd\u{1B}") == "odd\\u{1B}")
        #expect(de.place("Würzburg") == "Einsatzort: Würzburg")
        #expect(en.onset(minutes: "45", clock: nil) == "Symptom onset 45 min before sending")
        #expect(de.onset(minutes: "45", clock: "09:15") == "Symptombeginn 45 min vor dem Senden (≈ 09:15)")
        #expect(en.sender(device: "AMB-12", sent: "09:20") == "from AMB-12, sent 09:20")
        #expect(de.caseLabel(device: "AMB-12", urgency: .standard) == "Patient von AMB-12, Dringlichkeit regulär")
        #expect(en.caseLabel(device: "AMB-12", urgency: nil) == "Case from AMB-12, not verified")
        #expect(en.riskLevel("high") == "high" && de.riskLevel("high") == "hoch" && de.riskLevel("odd") == "odd")
        #expect(de.source("cloud") == "Cloud-Modell, wie vom Gerät gemeldet" && de.source("other") == "other")
        #expect(de.value(.bool(true)) == "ja" && en.value(.null) == "not answered" && de.value(.number(4321.5)) == "4321,5")
    }
}
