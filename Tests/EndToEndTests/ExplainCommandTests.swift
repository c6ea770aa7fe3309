import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// `--explain` through the built binary: every golden value of
/// ../shared/reference/golden is reproduced by its trace, and the probability
/// is recomputed from the printed steps, bit for bit, in JSON and in English
/// and German text.
@Suite struct ExplainCommandTests {
    /// A trace step's value read straight from the JSON text (Swift's Double
    /// parser is exact; Foundation's JSON reader may be off in the last bit).
    static func value(_ json: String, _ step: String) throws -> Double {
        let pattern = "\"step\":\"" + NSRegularExpression.escapedPattern(for: step)
            + "\",\"formula\":\"(?:[^\"\\\\]|\\\\.)*\",\"value\":([-0-9.e+]+)"
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(json.startIndex..., in: json)
        let match = try #require(regex.firstMatch(in: json, range: range), "step \(step)")
        return try #require(Double(String(json[Range(match.range(at: 1), in: json)!])))
    }

    /// A top-level number read straight from the JSON text.
    static func number(_ json: String, _ key: String) throws -> Double {
        let regex = try NSRegularExpression(pattern: "\"\(key)\":([-0-9.e+]+)")
        let match = try #require(regex.firstMatch(in: json, range: NSRange(json.startIndex..., in: json)))
        return try #require(Double(String(json[Range(match.range(at: 1), in: json)!])))
    }

    @Test func everyLvoGoldenValueIsRecomputedFromItsTrace() async throws {
        let cases = try CalculatorCommandTests.cases("lvo.json")
        #expect(cases.count > 80)
        for c in cases {
            let r = await InProcessCLI.run(["lvo", "--gfap=" + CalculatorCommandTests.arg(c["gfap"]),
                                          "--fast-ed=" + CalculatorCommandTests.arg(c["fastEd"]), "--json", "--explain"])
            #expect(r.status == 0)
            let zPrime = try Self.value(r.stdout, "lvo.platt")
            let p = try Self.value(r.stdout, "lvo.probability")
            #expect(p == 1 / (1 + exp(-zPrime)), "\(c)")
            #expect(p == (try Self.number(r.stdout, "probability")))
            #expect(abs(p - (c["probability"].doubleValue!)) <= 1e-12)
            let z = try Self.value(r.stdout, "lvo.linear")
            #expect(zPrime == 1.117420 * z + -1.032167)
            let cg = try Self.value(r.stdout, "lvo.contributionGfap"), cf = try Self.value(r.stdout, "lvo.contributionFastEd")
            #expect(z == -0.408314 + cg + cf)
            #expect(r.stdout.contains("docs/clinical-reference.md §2 step 3"))
        }
    }

    @Test func everyVolumeAndBaselineGoldenValueIsReproducedByItsTrace() async throws {
        for c in try CalculatorCommandTests.cases("volume.json") {
            let r = await InProcessCLI.run(["volume", "--gfap=" + CalculatorCommandTests.arg(c["gfap"]), "--json", "--explain"])
            let logV = try Self.value(r.stdout, "volume.logVolume")
            let v = try Self.value(r.stdout, "volume.volume")
            #expect(v == pow(10, logV))
            #expect(v == (try Self.number(r.stdout, "volumeMl")))
            let expected = c["volumeMl"].doubleValue!
            #expect(abs(v - expected) <= 1e-12 * expected)
        }
        for c in try CalculatorCommandTests.cases("ich-baseline.json") where c["valid"].boolValue == true {
            let r = await InProcessCLI.run(["ich-baseline", "--age=" + CalculatorCommandTests.arg(c["age"]),
                                          "--gfap=" + CalculatorCommandTests.arg(c["gfap"]), "--json", "--explain"])
            let z = try Self.value(r.stdout, "ich.linear")
            let p = try Self.value(r.stdout, "ich.probability")
            #expect(p == 1 / (1 + exp(-z)))
            #expect(abs(p - (c["probability"].doubleValue!)) <= 1e-12)
        }
    }

    @Test func humanTraceMatchesTheResultBitForBitInEnglishAndGerman() async throws {
        let json = await InProcessCLI.run(["lvo", "--gfap", "180", "--fast-ed", "7", "--json", "--explain"])
        let p = try Self.value(json.stdout, "lvo.probability")
        let zPrime = try Self.value(json.stdout, "lvo.platt")
        let en = await InProcessCLI.run(["lvo", "--gfap", "180", "--fast-ed", "7", "--explain"])
        #expect(en.stdout.contains("Platt-calibrated logit"))
        #expect(en.stdout.contains("→ \(zPrime)"))
        #expect(en.stdout.contains("→ \(p)"))
        #expect(en.stdout.contains("Yeo-Johnson transform of GFAP"))
        let de = await InProcessCLI.run(["lvo", "--gfap", "180", "--fast-ed", "7", "--explain", "--lang", "de"])
        let comma = { (x: Double) in String(describing: x).replacingOccurrences(of: ".", with: ",") }
        #expect(de.stdout.contains("Platt-kalibrierter Logit"))
        #expect(de.stdout.contains("→ " + comma(zPrime)))
        #expect(de.stdout.contains("→ " + comma(p)))
        // The printed German number parses back to the identical Double.
        #expect(Double(comma(p).replacingOccurrences(of: ",", with: ".")) == p)
    }

    @Test func moduleCommandsTraceTheirLocalNumbers() async throws {
        let r = await InProcessCLI.run(ModuleCommandTests.full + ["--mode", "offline", "--accept-disclaimer", "--json", "--explain"])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        let trace = try #require(j["trace"].object)
        for key in ["ich", "lvo", "volume"] { #expect(trace[key] != nil, "\(key)") }
        let zPrime = try Self.value(r.stdout, "lvo.platt")
        #expect(try Self.value(r.stdout, "lvo.probability") == 1 / (1 + exp(-zPrime)))
        let z = try Self.value(r.stdout, "ich.linear")
        #expect(try Self.value(r.stdout, "ich.probability") == 1 / (1 + exp(-z)))
        let coma = await InProcessCLI.run(["coma", "--gfap", "500", "--mode", "offline", "--accept-disclaimer", "--explain", "--lang", "de"])
        #expect(coma.status == 0)
        #expect(coma.stdout.contains("So wurden die Zahlen berechnet"))
        #expect(coma.stdout.contains("z-Wert des Alters"))
        #expect(coma.stdout.contains("→ 74,59"))
    }

    @Test func everyScaleExplains() async throws {
        let r = await InProcessCLI.run(["cpsss", "--gaze-deviation", "1", "--loc-questions-and-commands", "1", "--arm-weakness", "0",
                                      "--json", "--explain"])
        #expect(r.status == 0)
        // 2·1 + 1 + 0 = 3.
        #expect(try Self.value(r.stdout, "cpsss.gazeDeviation") == 2)
        #expect(try Self.value(r.stdout, "cpsss.total") == 3)
        #expect(r.stdout.contains("docs/clinical-scales.md#cpsss"))
        // FAST-ED 1 + 2 + 1 + 0 + 0 = 4 ≥ 4.
        let fastEd = await InProcessCLI.run(["fast-ed", "--facial-palsy", "1", "--arm-weakness", "2", "--speech", "1",
                                           "--eye-deviation", "0", "--denial-neglect", "0", "--json", "--explain"])
        #expect(try Self.value(fastEd.stdout, "fastEd.total") == 4)
        #expect(fastEd.stdout.contains("docs/clinical-reference.md §3"))
        let fastEdText = await InProcessCLI.run(["fast-ed", "--facial-palsy", "1", "--arm-weakness", "2", "--speech", "1",
                                               "--eye-deviation", "0", "--denial-neglect", "0", "--explain", "--lang", "de"])
        #expect(fastEdText.stdout.contains("Summe: total = 1 + 2 + 1 + 0 + 0 → 4"))
        let text = await InProcessCLI.run(["van", "--arm-weakness", "1", "--vision", "1", "--aphasia", "0", "--neglect", "0", "--explain"])
        #expect(text.stdout.contains("VAN positive when armWeakness and (vision or aphasia or neglect)"))
    }

    @Test func routeAndModuleCommandsTraceTheExpectedOutcome() async throws {
        // Issue 27: the outcome model's steps under trace.outcomes, each probability as printed in outcomes.
        let r = await InProcessCLI.run(["route", "--near", "Deggendorf", "--lvo", "0.8", "--nihss", "14", "--onset-minutes", "60",
                                      "--research", "--json", "--explain"])
        #expect(r.status == 0)
        #expect(r.stdout.contains(#""trace":{"outcomes":{"model":"#))
        #expect(try Self.value(r.stdout, "outcome.nihss") == 14)
        #expect(try Self.value(r.stdout, "outcome.lvo") == 0.8)
        let pGood = try Self.value(r.stdout, "outcome.dripAndShip.pGood")
        #expect(r.stdout.contains("\"kind\":\"dripAndShip\""))
        #expect(r.stdout.contains("\"pGoodOutcome\":\(pGood)"))
        let text = await InProcessCLI.run(["route", "--near", "Deggendorf", "--lvo", "0.8", "--nihss", "14", "--onset-minutes", "60",
                                         "--research", "--explain"])
        #expect(text.stdout.contains("t_p = onset + drive + door-to-needle + transfer + (door-to-puncture − door-to-needle)"))
        // The full module with a location: no prognosis for a crew (issue 43), so no outcome trace either.
        let full = await InProcessCLI.run(["full", "--age", "70", "--sbp", "160", "--dbp", "90", "--gfap", "50", "--fast-ed", "7",
                                         "--onset-minutes", "60", "--nihss", "14", "--near", "Deggendorf", "--mode", "offline",
                                         "--accept-disclaimer", "--json", "--explain"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(!full.stdout.contains(#""lvoSource""#))
        #expect(!full.stdout.contains(#""outcomes":{"model":"#))
        #expect(!full.stdout.contains("good outcome"))
    }
}
