import Dispatch

/// Runs blocking libcurl transfers on a dedicated dispatch queue, never on
/// Swift's cooperative thread pool, and bridges them to async callers.
/// Task cancellation aborts the transfer at libcurl's next callback.
enum CurlTransport {
    /// The queue that blocks in `curl_easy_perform`.
    private static let queue = DispatchQueue(label: "stroke-triage.curl", qos: .userInitiated, attributes: .concurrent)

    /// Performs one attempt with a fresh easy handle.
    static func send(_ request: HTTPRequest) async throws(CloudError) -> HTTPResponse {
        let flag = CancellationFlag()
        let result: Result<HTTPResponse, CloudError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async {
                    continuation.resume(returning: Result { () throws(CloudError) -> HTTPResponse in
                        try CurlEasy().perform(request, cancellation: flag)
                    })
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
