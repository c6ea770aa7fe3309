import Testing
import TriageEngine
import TriageLocalization

/// "Did you mean …?": edit distance, the nearest names, the message lines and `--lang`.
@Suite struct CommandSuggestionTests {
    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(CommandSuggestion.editDistance("", "abc") == 3)
        #expect(CommandSuggestion.editDistance("rout", "route") == 1)
        #expect(CommandSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(CommandSuggestion.editDistance("walk", "walk") == 0)
    }

    @Test func theNearestNamesOrAUniquePrefixOrNone() {
        let names = ["route", "walk", "coma", "centers", "audit"]
        #expect(CommandSuggestion.nearest("rout", among: names) == ["route"])
        #expect(CommandSuggestion.nearest("ROUTE", among: names) == ["route"])
        #expect(CommandSuggestion.nearest("cen", among: names) == ["centers"])
        #expect(CommandSuggestion.nearest("xyzzy", among: names).isEmpty)
        #expect(CommandSuggestion.nearest("c", among: names).isEmpty)
    }

    @Test func theMessagesNameTheWordThePathAndTheSuggestion() {
        let l = Localizer(language: .en)
        let unknown = CommandSuggestion.Unknown(word: "rout", path: ["stroke-triage"], suggestions: ["route"])
        let lines = CommandSuggestion.messages(unknown, l)
        #expect(lines.count == 2)
        #expect(lines[0].contains("rout"))
        #expect(lines[0].contains("`route`"))
        let none = CommandSuggestion.messages(CommandSuggestion.Unknown(word: "x", path: ["stroke-triage"], suggestions: []), l)
        #expect(!none[0].contains("`"))
    }

    @Test func theLanguageFlagInBothForms() {
        #expect(CommandSuggestion.language(["rout", "--lang", "de"]) == "de")
        #expect(CommandSuggestion.language(["--lang=de", "rout"]) == "de")
        #expect(CommandSuggestion.language(["rout", "--lang"]) == nil)
        #expect(CommandSuggestion.language(["rout"]) == nil)
    }
}
