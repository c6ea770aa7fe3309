import Foundation

/// Runs each blocking libcurl transfer on a thread of its own, never on
/// Swift's cooperative thread pool, and bridges it to async callers.
///
/// A thread per attempt rather than a dispatch queue: Dispatch caps its
/// worker threads near the core count, so a few transfers waiting on a
/// silent server would hold back every other call past its deadline.
/// Task cancellation aborts the transfer at libcurl's next callback.
enum CurlTransport {
    /// Performs one attempt with a fresh easy handle.
    static func send(_ request: HTTPRequest) async throws(CloudError) -> HTTPAnswer {
        let flag = CancellationFlag()
        let result: Result<HTTPAnswer, CloudError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(returning: Result { () throws(CloudError) -> HTTPAnswer in
                        try CurlEasy().perform(request, cancellation: flag)
                    })
                }
                thread.name = "stroke-triage.curl"
                thread.start()
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
