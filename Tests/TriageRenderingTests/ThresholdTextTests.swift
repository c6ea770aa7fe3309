import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization
import TriageRendering

/// The thresholds people read come from the model constants: rendered text
/// carries them as arguments, and no strings table types one in.
@Suite struct ThresholdTextTests {
    static let languages: [Language] = [.en, .de]

    @Test("each threshold in rendered text is the constant's value", arguments: languages)
    func renderedThresholdsComeFromConstants(language: Language) {
        let l = Localizer(language: language)
        let lvoThreshold = l.number((LVOModel.threshold * 1000).rounded() / 10, maxFractionDigits: 1)
        #expect(l.text("lvo.likely", [DecisionRules.precisePercentArgument(LVOModel.threshold)]).contains(lvoThreshold + " %"))
        let fastEd = TriageRules.check(.fastEd, Double(FastEdExam.lvoSuspectedFrom)).warnings
        #expect(l.render(fastEd[0].message).contains("≥ \(FastEdExam.lvoSuspectedFrom)"))
        let coma = TriageRules.check(.gcs, Double(DecisionRules.comaGcsAtMost)).warnings
        #expect(l.render(coma[0].message).contains("GCS \(DecisionRules.comaGcsAtMost)"))
        #expect(l.render(Message("walk.question.comatose", WalkStep.comatose.questionArguments)).contains("GCS \(DecisionRules.comaGcsAtMost)"))
        let reminder = Recommendation(code: "rec.ich.reconfirmWindow",
                                      message: Message("rec.ich.reconfirmWindow", [DecisionRules.percentArgument(DecisionRules.ichReminderFrom)]))
        #expect(l.render(reminder.message).contains("\(Int(DecisionRules.ichReminderFrom * 100)) %"))
        for scale in LVOScale.allCases {
            guard let threshold = scale.definition.threshold else { continue }
            #expect(ScaleRendering.ruleText(scale.definition, l).hasSuffix("≥ \(threshold)"))
        }
    }

    @Test("no strings table types in a decision threshold", arguments: ["en", "de"])
    func noTypedThresholds(language: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Localization/\(language)")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".strings") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for typed in ["33.3 %", "33,3 %", "GCS < 9", "GCS < 8", "below 8", "unter 8", "FAST-ED ≥ 4", "above 25 %", "über 25 %", "total ≥ 5", "Summe ≥ 5"] {
                #expect(!text.contains(typed), "\(file) types in \"\(typed)\"")
            }
        }
    }
}
