import AuditFormat
import Foundation
import StrokeModels

extension Incident {
    /// The incident as one line of `collector incidents`' text output:
    /// `TIME<TAB>DEVICE[ (unverified)]<TAB>REASON[<TAB>DETAIL]`. The device name comes
    /// from a request header (claimed when the signature did not verify) and the detail
    /// from the request, so both are shown with control and bidirectional characters
    /// escaped (`String.escapingControlCharacters`): a `Stroke-Device` header holding
    /// U+202E or an escape sequence never reaches the operator's terminal raw.
    public var textLine: String {
        let name = deviceName.escapingControlCharacters
        let who = verified ? name : "\(name) (unverified)"
        let detail = detail.isEmpty ? "" : "\t\(detail.escapingControlCharacters)"
        return "\(UTCTime.isoSeconds(createdAt))\t\(who)\t\(reason.escapingControlCharacters)\(detail)"
    }
}
