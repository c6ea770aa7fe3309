import StrokeCloud
import StrokeModels

/// An error with a stable machine-readable dotted code. A batch row whose
/// prediction request fails is rejected with this code (never the error's
/// message: it may echo inputs). Module error types opt in here.
public protocol CodedError {
    /// The stable code, e.g. `cloud.dns`.
    var code: String { get }
}

extension ModelsError: CodedError {}
extension BatchError: CodedError {}
extension CloudError: CodedError {}
