import StrokeJSON
import StrokeModels

extension JSONError {
    /// Where a file's JSON breaks, as the reason of its error message (issue 46): "JSON syntax error at line L,
    /// column C (reason)" in the user's language, the reason too; `bytes` are the file's bytes that were read.
    func syntaxReason(in bytes: [UInt8]) -> Message {
        let (line, column) = position(in: bytes)
        // The fixed reasons in the user's language (`json.reason.<name>`); a limit's names its number.
        let why: MessageArgument = fixedReason.map { .key("json.reason.\($0.name)") } ?? .text(reason)
        return Message("protocol.reason.syntax", [.number(Double(line), maxFractionDigits: 0),
                                                  .number(Double(column), maxFractionDigits: 0), why])
    }
}
