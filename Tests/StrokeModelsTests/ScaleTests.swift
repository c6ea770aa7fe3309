import Testing
@testable import StrokeModels

/// The five prehospital LVO scales against hand-calculated totals at every
/// boundary and threshold edge. Every expected number below was worked out
/// by hand from the published item points, not taken from the code.
@Suite struct ScaleTests {
    /// (items in flag order, expected total, expected flag). Hand calculation in the comment.
    typealias Case = (items: [Int], total: Int?, positive: Bool)

    static let race: [Case] = [
        ([0, 0, 0, 0, 0], 0, false),  // 0+0+0+0+0 = 0, the minimum
        ([1, 1, 1, 1, 0], 4, false),  // 1+1+1+1+0 = 4, one below the threshold
        ([2, 1, 1, 1, 0], 5, true),   // 2+1+1+1+0 = 5, the threshold edge
        ([0, 2, 2, 1, 0], 5, true),   // 0+2+2+1+0 = 5
        ([0, 0, 2, 0, 2], 4, false),  // 0+0+2+0+2 = 4
        ([2, 2, 2, 1, 2], 9, true),   // 2+2+2+1+2 = 9, the maximum
    ]
    static let lams: [Case] = [
        ([0, 0, 0], 0, false),  // 0
        ([1, 1, 1], 3, false),  // 1+1+1 = 3, one below
        ([0, 2, 2], 4, true),   // 0+2+2 = 4, the threshold edge
        ([1, 2, 1], 4, true),   // 1+2+1 = 4
        ([1, 1, 2], 4, true),   // 1+1+2 = 4
        ([1, 2, 2], 5, true),   // 1+2+2 = 5, the maximum
    ]
    static let cpsss: [Case] = [
        ([0, 0, 0], 0, false),  // 2·0+0+0 = 0
        ([0, 1, 0], 1, false),  // 2·0+1+0 = 1, one below
        ([0, 0, 1], 1, false),  // 2·0+0+1 = 1
        ([0, 1, 1], 2, true),   // 2·0+1+1 = 2, the edge without gaze
        ([1, 0, 0], 2, true),   // 2·1+0+0 = 2, gaze alone reaches the threshold
        ([1, 1, 0], 3, true),   // 2·1+1+0 = 3
        ([1, 1, 1], 4, true),   // 2·1+1+1 = 4, the maximum
    ]
    static let pass: [Case] = [
        ([0, 0, 0], 0, false),  // 0
        ([1, 0, 0], 1, false),  // one below
        ([0, 0, 1], 1, false),
        ([1, 1, 0], 2, true),   // the threshold edge
        ([0, 1, 1], 2, true),
        ([1, 0, 1], 2, true),
        ([1, 1, 1], 3, true),   // the maximum
    ]
    static let van: [Case] = [
        ([0, 0, 0, 0], nil, false),  // no weakness, nothing else
        ([0, 1, 1, 1], nil, false),  // every cortical sign but no weakness: negative
        ([1, 0, 0, 0], nil, false),  // weakness alone: negative
        ([1, 1, 0, 0], nil, true),   // weakness + vision
        ([1, 0, 1, 0], nil, true),   // weakness + aphasia
        ([1, 0, 0, 1], nil, true),   // weakness + neglect
        ([1, 1, 1, 1], nil, true),
    ]

    static func check(_ scale: LVOScale, _ cases: [Case]) throws {
        let items = scale.definition.items
        for c in cases {
            let findings = Dictionary(uniqueKeysWithValues: zip(items, c.items))
            let score = try scale.definition.score(findings)
            #expect(score.total == c.total, "\(scale) \(c.items)")
            #expect(score.positive == c.positive, "\(scale) \(c.items)")
            #expect(score.points.map(\.value) == c.items)
        }
    }

    @Test func raceBoundaries() throws { try Self.check(.race, Self.race) }
    @Test func lamsBoundaries() throws { try Self.check(.lams, Self.lams) }
    @Test func cpsssBoundaries() throws { try Self.check(.cpsss, Self.cpsss) }
    @Test func passBoundaries() throws { try Self.check(.pass, Self.pass) }
    @Test func vanBoundaries() throws { try Self.check(.van, Self.van) }

    @Test func typedEntryPointsAgreeWithTheDefinitions() throws {
        #expect(try RaceScale.score(facialPalsy: 2, armMotor: 1, legMotor: 1, gazeDeviation: 1, aphasiaAgnosia: 0).total == 5)
        #expect(try LamsScale.score(facialDroop: 0, armDrift: 2, gripStrength: 2).positive)
        #expect(try CpsssScale.score(gazeDeviation: 1, locQuestionsAndCommands: 0, armWeakness: 0).total == 2)
        #expect(try PassScale.score(locQuestions: 1, gazeDeviation: 1, armWeakness: 0).positive)
        #expect(try VanScale.score(armWeakness: 1, vision: 0, aphasia: 0, neglect: 1).positive)
    }

    @Test func publishedRangesAndThresholds() {
        #expect(RaceScale.definition.maximumTotal == 9 && RaceScale.definition.threshold == 5)
        #expect(LamsScale.definition.maximumTotal == 5 && LamsScale.definition.threshold == 4)
        #expect(CpsssScale.definition.maximumTotal == 4 && CpsssScale.definition.threshold == 2)
        #expect(PassScale.definition.maximumTotal == 3 && PassScale.definition.threshold == 2)
        #expect(VanScale.definition.maximumTotal == nil && VanScale.definition.threshold == nil)
        #expect(ScaleItem.facialPalsy.maxPoints == 2 && ScaleItem.gazeDeviation.maxPoints == 1)
        #expect(ScaleItem.facialDroop.maxPoints == 1 && ScaleItem.armDrift.maxPoints == 2 && ScaleItem.gripStrength.maxPoints == 2)
        #expect(ScaleItem.locQuestionsAndCommands.flag == "--loc-questions-and-commands")
    }

    @Test(arguments: [
        (LVOScale.race, ScaleItem.facialPalsy, 3), (.race, .gazeDeviation, 2), (.race, .aphasiaAgnosia, -1),
        (.lams, .facialDroop, 2), (.lams, .gripStrength, 3), (.cpsss, .gazeDeviation, 2),
        (.pass, .locQuestions, 2), (.van, .vision, 2),
    ])
    func outOfRangeItemIsNamedWithItsRange(_ scale: LVOScale, _ item: ScaleItem, _ value: Int) throws {
        var findings = Dictionary(uniqueKeysWithValues: scale.definition.items.map { ($0, 0) })
        findings[item] = value
        let error = try #require(throws: ModelsError.self) { try scale.definition.score(findings) }
        #expect(error.issues.count == 1)
        #expect(error.issues[0].field == item.field)
        #expect(error.issues[0].allowed == AllowedRange(lower: 0, upper: Double(item.maxPoints), integer: true))
        #expect(error.issues[0].given == Double(value))
        #expect(TriageRules.allowed(item.field) == item.allowed)
    }

    @Test func vanWithoutWeaknessCarriesTheBasilarCaveat() throws {
        #expect(try VanScale.score(armWeakness: 0, vision: 1, aphasia: 0, neglect: 0).warnings.map(\.code) == ["scale.van.noWeakness"])
        #expect(try VanScale.score(armWeakness: 1, vision: 1, aphasia: 0, neglect: 0).warnings.isEmpty)
    }

    @Test func oneSetOfFindingsScoresEveryDeterminedScaleAndNamesWhatIsMissing() throws {
        // RACE 2+1+1+1+0 = 5; CPSSS 2·1+0+1 = 3 (needs LOC questions and commands: given 0);
        // PASS needs --loc-questions; LAMS needs all three items; VAN 1 + vision.
        let report = try ScaleReport(findings: [
            .facialPalsy: 2, .armMotor: 1, .legMotor: 1, .gazeDeviation: 1, .aphasiaAgnosia: 0,
            .locQuestionsAndCommands: 0, .armWeakness: 1, .vision: 1, .aphasia: 0, .neglect: 0,
        ])
        #expect(report.scored.map(\.scale) == [.race, .cpsss, .van])
        #expect(report.scored.map(\.total) == [5, 3, nil])
        #expect(report.scored.map(\.positive) == [true, true, true])
        #expect(report.undetermined.map(\.scale) == [.lams, .pass])
        #expect(report.undetermined[0].missing == [.facialDroop, .armDrift, .gripStrength])
        #expect(report.undetermined[1].missing == [.locQuestions])
    }

    @Test func sharedItemsAreAskedOnce() {
        #expect(ScaleReport.items(for: [.race, .lams]) == [.facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia,
                                                           .facialDroop, .armDrift, .gripStrength])
        #expect(ScaleReport.items(for: [.cpsss, .pass, .van]) == [.gazeDeviation, .locQuestionsAndCommands, .armWeakness,
                                                                  .locQuestions, .vision, .aphasia, .neglect])
    }
}
