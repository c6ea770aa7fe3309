import StrokeJSON
import Foundation
import Testing
import TriageEngine
import TriageLocalization

/// The one config-load policy and the state directories.
@Suite struct AppConfigTests {
    @Test func aMissingFileIsAnEmptyConfiguration() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let config = try AppConfig.load(home.directories)
        #expect(config.string("apiBase") == nil)
    }

    @Test(arguments: ["{not json", "[1, 2]", "\"text\"", ""])
    func aBrokenFileIsAnErrorNamingIt(_ text: String) throws {
        let home = TemporaryHome()
        defer { home.remove() }
        try home.writeConfig(text)
        #expect {
            _ = try AppConfig.load(home.directories)
        } throws: { error in
            guard let error = error as? EngineError, case .configUnreadable(let file, _) = error.kind else { return false }
            return error.code == "config.unreadable" && file == home.directories.configFile.path
        }
    }

    @Test func aSyntaxErrorNamesItsLineAndColumn() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        try home.writeConfig("{\"a\": 1,\n \"b\": }")
        do {
            _ = try AppConfig.load(home.directories)
            Issue.record("a broken file was read")
        } catch {
            #expect(error.message(Localizer(language: .en)).contains("JSON syntax error at line 2, column 7 (unexpected character)"))
            // The reason in German too, not the reader's English (issue 46).
            #expect(error.message(Localizer(language: .de)).contains("Zeile 2, Spalte 7 (unerwartetes Zeichen)"))
        }
    }

    @Test func everyFixedJSONReasonReadsInBothLanguages() {
        for reason in JSONError.Reason.allCases {
            let key = "json.reason.\(reason.name)"
            #expect(Localizer(language: .en).text(key) == reason.rawValue, "\(key)")
            let german = Localizer(language: .de).text(key)
            #expect(german != key && german != reason.rawValue, "\(key): \(german)")
        }
    }

    @Test func theMessageNamesTheFileInTheUsersLanguage() {
        let error = EngineError(.configUnreadable(file: "/h/config.json"), cause: "not a JSON object")
        let english = error.message(Localizer(language: .en))
        let german = error.message(Localizer(language: .de))
        #expect(english.contains("/h/config.json") && english.contains("JSON object"))
        #expect(german.contains("/h/config.json") && german != english)
    }

    @Test func aFolderInPlaceOfTheFileIsBroken() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.directories.configFile, withIntermediateDirectories: true)
        #expect(throws: EngineError.self) { _ = try AppConfig.load(home.directories) }
    }

    @Test func valuesOfEveryKind() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        try home.writeConfig(#"{"apiBase": "http://x", "deadlineSeconds": 3, "flag": true, "scales": ["race"], "hospitalKeys": {"A": "k"}}"#)
        let config = try AppConfig.load(home.directories)
        #expect(config.string("apiBase") == "http://x")
        #expect(config.number("deadlineSeconds") == 3)
        #expect(config.bool("flag") == true)
        #expect(config.number("flag") == nil)
        #expect(config.strings("scales") == ["race"])
        #expect(config.stringMap("hospitalKeys") == ["A": "k"])
    }

    @Test func stateDirectoriesFollowTheHomeElseXDG() {
        let home = StateDirectories(environment: ["STROKE_TRIAGE_HOME": "/h"])
        #expect(home.state.path == "/h/state" && home.data.path == "/h/data" && home.configFile.path == "/h/config.json")
        let xdg = StateDirectories(environment: ["HOME": "/u", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "relative"])
        #expect(xdg.state.path == "/s/stroke-triage")
        #expect(xdg.data.path == "/u/.local/share/stroke-triage")
        #expect(xdg.configFile.path == "/u/.config/stroke-triage/config.json")
    }

    @Test func configuredNamesAreChecked() throws {
        let config = AppConfig(values: ["gfapAssay": .string("istat-tbi"), "scales": .strings(["LAMS", "race"])])
        #expect(try GfapAssaySetting.resolve(flag: nil, config: config)?.rawValue == "istat-tbi")
        #expect(try GfapAssaySetting.resolve(flag: "other", config: config)?.rawValue == "other")
        #expect(try ScalesSetting.load(config: config).map(\.rawValue) == ["race", "lams"])
        let bad = AppConfig(values: ["gfapAssay": .string("magic"), "scales": .strings(["nihss"])])
        #expect(throws: EngineError(.unknownGfapAssay(key: "gfapAssay", name: "magic"))) { try GfapAssaySetting.resolve(flag: nil, config: bad) }
        #expect(throws: EngineError(.unknownScale(key: "scales", name: "nihss"))) { try ScalesSetting.load(config: bad) }
    }
}
