import StrokeModels
import Testing
import TriageLocalization
import TriageRendering

/// The calculators' human lines, wrapped as the CLI wraps them, byte-equal to
/// what `stroke-triage volume|lvo|fast-ed|ich-baseline` printed (English, NO_COLOR).
@Suite struct CalculatorRenderingTests {
    static let english = Localizer(language: .en)

    /// The lines wrapped at 80 columns keeping indents, then the disclaimer, as the CLI prints them.
    static func printed(_ lines: [String]) -> String {
        (lines + [english.text("disclaimer.short")]).flatMap(TextStyle().wrapKeepingIndent).joined(separator: "\n")
    }

    static let disclaimer = "Research use only. Not a medical device; no diagnosis. Clinical judgement\ndecides."

    @Test func volume() throws {
        let text = Self.printed(CalculatorRendering.lines(try VolumeModel.estimate(gfap: 1000), Self.english))
        #expect(text == """
            Estimated bleed volume, should a bleed be present: 23.9 mL (range 16.8–31.1 mL).
            Consistent with a large bleed; 30-day mortality band 10-19% (Broderick 1993).
            Source: local model, GFAP log–log regression (R² = 0.476),
            gfap-volume-loglog-r2-0.476; GFAP used 1000 pg/mL.
            """ + "\n" + Self.disclaimer)
    }

    @Test func lvo() throws {
        let text = Self.printed(CalculatorRendering.lines(try LVOModel.predict(gfap: 180, fastEd: 7), Self.english))
        #expect(text == """
            LVO probability: 51 % (high risk).
            At or above the threshold of 33.3 %: suggests a large vessel occlusion; consider
            a thrombectomy-capable center.
            Contributions (logit): GFAP -0.987, FAST-ED 2.362 (FAST-ED used: 7).
            Source: local model 2024.09.28-calibrated (identical to the reference).
            """ + "\n" + Self.disclaimer)
    }

    @Test func fastEd() throws {
        let exam = try FastEdExam(facialPalsy: 1, armWeakness: 2, speech: 1, eyeDeviation: 0, denialNeglect: 0)
        #expect(Self.printed(CalculatorRendering.lines(exam, Self.english)) == """
            FAST-ED total: 4 of 9 (facial palsy 1, arm 2, speech 1, eyes 0, denial/neglect
            0).
            A total of 4 or more suggests a large vessel occlusion.
            Derived: arm paresis yes, eye deviation no.
            """ + "\n" + Self.disclaimer)
    }

    @Test func ichBaseline() throws {
        let text = Self.printed(CalculatorRendering.lines(try ICHBaseline.predict(age: 74.59, gfap: 500), Self.english))
        #expect(text == """
            ICH probability (baseline): 52 % (high risk).
            ! ICH from the offline baseline (age + GFAP): poorly calibrated at low GFAP, not
            a substitute for the cloud model.
            Source: offline baseline ich-baseline-age-gfap-logistic (age + GFAP logistic
            regression, ROC-AUC 0.789); for research comparison only.
            """ + "\n" + Self.disclaimer)
    }
}
