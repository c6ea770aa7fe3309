import StrokeModels
import Testing
import TriageEngine

/// Numbers, yes/no words and coordinates as typed.
@Suite struct AnswerParserTests {
    @Test(arguments: [("12", 12.0), ("12.5", 12.5), ("12,5", 12.5), (" 7 ", 7.0), ("-3", -3.0), ("+4", 4.0), ("0,25", 0.25)])
    func numbers(_ text: String, _ value: Double) { #expect(AnswerParser.number(text) == value) }

    @Test(arguments: ["", "abc", "1.2.3", "1,2,3", "1e3", "nan", "inf", "-", "1 000", "."])
    func notNumbers(_ text: String) { #expect(AnswerParser.number(text) == nil) }

    @Test func yesNoInBothLanguages() {
        for word in ["y", "Yes", "J", "ja", "YES"] { #expect(AnswerParser.yesNo(word) == true) }
        for word in ["n", "No", "NEIN", "nein"] { #expect(AnswerParser.yesNo(word) == false) }
        for word in ["", "maybe", "1", "jein"] { #expect(AnswerParser.yesNo(word) == nil) }
    }

    @Test func coordinates() {
        #expect(AnswerParser.coordinate("48.1,11.5") == Coordinate(latitude: 48.1, longitude: 11.5))
        #expect(AnswerParser.coordinate("48,1; 11,5") == Coordinate(latitude: 48.1, longitude: 11.5))
        #expect(AnswerParser.coordinate("48,1 11,5") == Coordinate(latitude: 48.1, longitude: 11.5))
        #expect(AnswerParser.coordinate("48.1, 11.5") == Coordinate(latitude: 48.1, longitude: 11.5))
        #expect(AnswerParser.coordinate("48,1,11,5") == nil)
        #expect(AnswerParser.coordinate("48.1") == nil)
    }
}
