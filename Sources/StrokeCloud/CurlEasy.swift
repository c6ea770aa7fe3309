internal import CCurl
import Foundation

/// The one owner of libcurl in the project: a single easy handle, used for
/// one blocking transfer at a time and freed in `deinit`.
///
/// Every `CURLcode` is checked and becomes a `CloudError` carrying
/// `curl_easy_strerror`'s text. TLS peer and host verification are always
/// on (a request's `caFile` adds a private CA to trust, never switches them
/// off); a failed certificate check carries libcurl's own words for the
/// problem. Proxies come from the environment through libcurl's defaults. Call
/// `perform` off the cooperative thread pool (`CurlTransport` does).
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    /// libcurl's `CURLOPT_ERRORBUFFER`: the detail of the last failure (freed after the handle).
    private let errorText: UnsafeMutablePointer<CChar>

    /// Loads libcurl (dlopen) and runs `curl_global_init`, once per process,
    /// before the first handle; `nil` when libcurl cannot be loaded.
    private static let globalInit: CURLcode? = stroke_curl_load() == 1
        ? stroke_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) : nil

    /// Creates a handle.
    /// - Throws: `CloudError` when libcurl cannot be loaded or initialised.
    init() throws(CloudError) {
        guard let code = Self.globalInit else { throw .transport("libcurl.so.4 could not be loaded") }
        guard code == CURLE_OK else { throw .transport(Self.text(code)) }
        guard let handle = stroke_curl_easy_init() else { throw .transport("curl_easy_init failed") }
        self.handle = handle
        errorText = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        stroke_curl_easy_cleanup(handle)
        errorText.deallocate()
    }

    /// Performs one POST (or GET) and returns the answer, whatever its status.
    /// - Parameters:
    ///   - request: URL, body, timeouts, size limit, optional pin.
    ///   - cancellation: checked during the transfer; when set the transfer aborts.
    /// - Throws: `CloudError` for every transfer failure (DNS, connect, TLS, timeout, oversize …).
    func perform(_ request: HTTPRequest, cancellation: CancellationFlag) throws(CloudError) -> HTTPAnswer {
        stroke_curl_easy_reset(handle)
        let sink = TransferSink(limit: request.maxResponseBytes, cancellation: cancellation)
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in ["Content-Type: application/json", "Accept: application/json", "Expect:"] + request.extraHeaders {
            guard let appended = stroke_curl_slist_append(headers, line) else {
                stroke_curl_slist_free_all(headers)
                throw .transport("curl_slist_append failed")
            }
            headers = appended
        }
        defer { stroke_curl_slist_free_all(headers) }

        return try withExtendedLifetime(sink) { () throws(CloudError) -> HTTPAnswer in
            let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
            try set(CURLOPT_NOSIGNAL, 1)
            try set(CURLOPT_URL, request.url)
            try set(CURLOPT_PROTOCOLS_STR, "http,https")
            try set(CURLOPT_FOLLOWLOCATION, 0)
            try set(CURLOPT_SSL_VERIFYPEER, 1)
            try set(CURLOPT_SSL_VERIFYHOST, 2)
            if let caFile = request.caFile { try set(CURLOPT_CAINFO, caFile) }
            errorText[0] = 0
            try check(stroke_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorText)))
            if let pin = request.pinnedPublicKey { try set(CURLOPT_PINNEDPUBLICKEY, pin) }
            try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout))
            try set(CURLOPT_TIMEOUT_MS, milliseconds(request.totalTimeout))
            try check(stroke_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)))
            if request.method == "GET" {
                try set(CURLOPT_HTTPGET, 1)
            } else {
                try set(CURLOPT_POSTFIELDSIZE, request.body.utf8.count)
                try set(CURLOPT_COPYPOSTFIELDS, request.body)
            }
            try set(CURLOPT_USERAGENT, "stroke-triage")
            try check(stroke_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, userdata in
                guard let buffer, let userdata else { return 0 }
                let sink = Unmanaged<TransferSink>.fromOpaque(userdata).takeUnretainedValue()
                return sink.append(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
            })
            try check(stroke_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sinkPointer))
            try check(stroke_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, userdata in
                guard let buffer, let userdata else { return 0 }
                let sink = Unmanaged<TransferSink>.fromOpaque(userdata).takeUnretainedValue()
                sink.header(UnsafeRawBufferPointer(start: buffer, count: size * count))
                return size * count
            })
            try check(stroke_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, sinkPointer))
            try set(CURLOPT_NOPROGRESS, 0)
            try check(stroke_curl_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION) { userdata, _, _, _, _ in
                guard let userdata else { return 0 }
                return Unmanaged<TransferSink>.fromOpaque(userdata).takeUnretainedValue().cancellation.isCancelled ? 1 : 0
            })
            try check(stroke_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, sinkPointer))

            let code = stroke_curl_easy_perform(handle)
            guard code == CURLE_OK else { throw classify(code, sink: sink, limit: request.maxResponseBytes) }
            var status = 0
            try check(stroke_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
            return HTTPAnswer(status: status, body: Data(sink.body), retryAfter: sink.retryAfter)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(CloudError) {
        try check(stroke_curl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(CloudError) {
        try check(value.withCString { stroke_curl_setopt_string(handle, option, $0) })
    }

    private func check(_ code: CURLcode) throws(CloudError) {
        guard code == CURLE_OK else { throw .transport(Self.text(code)) }
    }

    private func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return max(1, Int((seconds * 1000).rounded(.up)))
    }

    /// Maps a failed transfer to the client's error cases.
    private func classify(_ code: CURLcode, sink: TransferSink, limit: Int) -> CloudError {
        let text = Self.text(code)
        if sink.overflowed { return .oversize(limit: limit) }
        switch code {
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dns(text)
        case CURLE_COULDNT_CONNECT:
            return .connectFailed(text)
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(text)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            // libcurl's detail names the problem ("SSL certificate problem: unable to get local issuer certificate").
            let detail = String(cString: errorText)
            return .tls(detail.isEmpty ? text : detail)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM,
             CURLE_WEIRD_SERVER_REPLY:
            return .connectionLost(text)
        default:
            return .transport(text)
        }
    }

    private static func text(_ code: CURLcode) -> String {
        "curl \(code.rawValue): " + String(cString: stroke_curl_easy_strerror(code))
    }
}

/// Receives one transfer's body and headers; enforces the size limit.
private final class TransferSink {
    let limit: Int
    let cancellation: CancellationFlag
    private(set) var body: [UInt8] = []
    private(set) var retryAfter: String?
    private(set) var overflowed = false

    init(limit: Int, cancellation: CancellationFlag) {
        self.limit = limit
        self.cancellation = cancellation
    }

    /// Appends body bytes; `false` aborts the transfer (too large or cancelled).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if cancellation.isCancelled { return false }
        guard body.count + bytes.count <= limit else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Records the headers the client needs. A new status line resets them.
    func header(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") { retryAfter = nil; return }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        if name == "retry-after" {
            retryAfter = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
