import StrokeJSON
import StrokeModels

extension JSONError {
    /// Where a file's JSON breaks, as the reason of its error message (issue 46): "JSON syntax error at line L,
    /// column C (reason)" in the user's language; `bytes` are the file's bytes that were read.
    func syntaxReason(in bytes: [UInt8]) -> Message {
        let (line, column) = position(in: bytes)
        return Message("protocol.reason.syntax", [.number(Double(line), maxFractionDigits: 0),
                                                  .number(Double(column), maxFractionDigits: 0), .text(reason)])
    }
}
