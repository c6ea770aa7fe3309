import StrokeCloud
import StrokeModels

/// An error with a stable machine-readable code. A batch row whose request
/// fails is rejected with this code (never the error's message: it may echo
/// inputs). Module error types opt in here.
protocol CodedError {
    /// The stable code.
    var code: String { get }
}

extension ModelsError: CodedError {}
extension BatchError: CodedError {}
extension CloudError: CodedError {}
