import StrokeModels
import Testing

/// The one number grammar (issue 29 item 7): decimal only, the same for flags, batch
/// cells and numeric strings in API bodies and queries.
@Suite struct DecimalNumberTests {
    @Test func acceptsDecimalNumbers() {
        let cases: [(String, Double)] = [
            ("72", 72), ("-5", -5), ("180.25", 180.25), ("1e3", 1000), ("1E-7", 1e-7), ("2e+3", 2000), ("0.1", 0.1),
            (".5", 0.5), ("5.", 5), ("-0", 0), ("007", 7), ("4.9e-324", .leastNonzeroMagnitude),
            ("12345678901234567890", 1.2345678901234567890e19),
        ]
        for (text, value) in cases { #expect(DecimalNumber.parse(text) == value, "\(text)") }
        #expect(DecimalNumber.parse("1e400") == .infinity)
        #expect(DecimalNumber.parse("-1e400") == -.infinity)
    }

    @Test func refusesEverythingElse() {
        let refused = [
            "", " ", " 70", "70 ", "\t70", "70\n", "+70", "+3", "0x46", "0x1F4", "0x1p9", "0X10", "inf", "-inf", "Infinity",
            "nan", "NaN", "70\u{0}abc", "70abc", "abc", "1,5", "1.2.3", "1e", "1e+", "e5", "-", ".", "-.", "--1", "1-",
            "٧٠", "７０", String(repeating: "1", count: 64),
        ]
        for text in refused { #expect(DecimalNumber.parse(text) == nil, "\(text.debugDescription)") }
    }

    @Test func integers() {
        #expect(DecimalNumber.integer("70") == 70)
        #expect(DecimalNumber.integer("7e1") == 70)
        #expect(DecimalNumber.integer("70.0") == 70)
        #expect(DecimalNumber.integer("70.5") == nil)
        #expect(DecimalNumber.integer("+70") == nil)
        #expect(DecimalNumber.integer("1e15") == nil)
    }

    @Test func bytesAndTextAgree() {
        for text in ["70", "-1.5", "0x46", "2e3", " 70"] {
            var bytes = Array(text.utf8)
            let fromBytes = bytes.withUnsafeMutableBufferPointer { DecimalNumber.parse(UnsafeBufferPointer($0)) }
            #expect(fromBytes == DecimalNumber.parse(text), "\(text)")
        }
    }
}
