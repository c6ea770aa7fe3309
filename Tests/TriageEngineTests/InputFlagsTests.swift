import StrokeModels
import Testing
import TriageEngine

/// The one-shot commands' input flags, read from the input catalogue.
@Suite struct InputFlagsTests {
    static let full = InputKey.keys(for: .full)
    static let required = full.filter { $0.isRequired(in: .full) }

    @Test func numbersTakeAValueInBothFormsAndFindingsNone() throws {
        let values = try InputFlags.values(["--age", "70", "--sbp=150", "--dbp", "90", "--gfap", "300", "--fast-ed", "5", "--headache"],
                                           accepting: Self.full, required: Self.required)
        #expect(values == [.age: 70, .sbp: 150, .dbp: 90, .gfap: 300, .fastEd: 5, .headache: 1])
        // A repeated flag: the last value counts, as for argument-parser's own options.
        #expect(try InputFlags.values(["--gfap", "1", "--gfap", "2"], accepting: [.gfap], required: [])[.gfap] == 2)
        // Negative numbers are written with '=' (a word starting with "--" is never a value).
        #expect(try InputFlags.values(["--lon=-3.5"], accepting: [.lon], required: [])[.lon] == -3.5)
    }

    @Test(arguments: [
        (["--agee", "70"], "Unknown option '--agee'"),
        (["70"], "Unexpected argument '70'"),
        (["--age"], "Missing value for '--age <age>'"),
        (["--age", "--sbp", "1"], "Missing value for '--age <age>'"),
        (["--age", "0x46"], "The value '0x46' is invalid for '--age <age>'"),
        (["--headache=1"], "The flag '--headache' does not take a value"),
        (["--headache"], "Missing expected argument '--age <age>'"),
        (["--age", "70", "--sbp", "150"], "Missing expected argument '--dbp <dbp>'"),
    ])
    func usageProblemsNameTheFlag(_ words: [String], _ message: String) {
        #expect(throws: InputFlags.Problem.self) { try InputFlags.values(words, accepting: Self.full, required: Self.required) }
        do {
            _ = try InputFlags.values(words, accepting: Self.full, required: Self.required)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func helpAndUsageListEveryInputOfTheModuleWithinTheWidth() {
        let help = InputFlags.help(Self.full, required: Self.required)
        for key in Self.full { #expect(help.contains(key.flag), "\(key)") }
        #expect(help.contains("--age <age>") && help.contains("(0–120 years); required."))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 78 })
        #expect(InputFlags.usageLine("coma", [.gfap], required: [.gfap]) == "stroke-triage coma --gfap <gfap> [<options>]")
        #expect(InputFlags.usageLine("x", [.headache], required: []) == "stroke-triage x [--headache] [<options>]")
    }

    @Test func inputsFromValuesAreCheckedInTheFormsOrder() {
        do throws(ModelsError) {
            _ = try TriageInputs(module: .full, values: [.age: 70.5, .sbp: 20, .dbp: 90, .gfap: 300, .fastEd: 3])
            Issue.record("a fractional age is out of range")
        } catch {
            #expect(error.issues.first?.field == .age)
        }
        do throws(ModelsError) {
            _ = try TriageInputs(module: .limited, values: [.age: 70, .sbp: 150, .gfap: 300])
            Issue.record("the diastolic pressure is required")
        } catch {
            #expect(error.issues.first?.field == .dbp && error.issues.first?.given.isNaN == true)
        }
    }
}
