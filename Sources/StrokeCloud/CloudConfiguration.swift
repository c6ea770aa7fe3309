import HTTPTransfer

/// Every limit of the cloud client, with its documented default
/// (README, "Cloud predictions, modes and research access").
public struct CloudConfiguration: Sendable, Hashable {
    /// The production base URL of the prediction Cloud Functions.
    public static let productionBase = "https://europe-west3-igfap-452720.cloudfunctions.net"

    /// Base URL; each function is one path segment under it.
    public var baseURL: String
    /// Connect timeout per attempt, seconds (default 3).
    public var connectTimeout: Double
    /// Total timeout per attempt, seconds (default 8, the web app's).
    public var attemptTimeout: Double
    /// Overall deadline per assessment, seconds (default 10).
    public var deadline: Double
    /// Largest accepted answer, bytes (default 1 MiB).
    public var maxResponseBytes: Int
    /// Optional public-key pin in libcurl's `CURLOPT_PINNEDPUBLICKEY` form
    /// (`sha256//<base64>;…` or a PEM/DER file path).
    public var pinnedPublicKey: String?
    /// Optional PEM file of a private CA that the server's certificate may chain to (libcurl's
    /// `CURLOPT_CAINFO`); verification stays on whether or not it is set.
    public var caFile: String?
    /// When to retry.
    public var retry: RetryPolicy

    /// Creates a configuration; the defaults are the documented values.
    public init(baseURL: String = CloudConfiguration.productionBase, connectTimeout: Double = 3, attemptTimeout: Double = 8,
                deadline: Double = 10, maxResponseBytes: Int = 1_048_576, pinnedPublicKey: String? = nil,
                caFile: String? = nil, retry: RetryPolicy = RetryPolicy()) {
        self.baseURL = baseURL
        self.connectTimeout = connectTimeout
        self.attemptTimeout = attemptTimeout
        self.deadline = deadline
        self.maxResponseBytes = maxResponseBytes
        self.pinnedPublicKey = pinnedPublicKey
        self.caFile = caFile
        self.retry = retry
    }

    /// The URL of one function.
    public func url(_ function: CloudFunction) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + function.rawValue
    }

    /// The limits of the retry loop (`RetryingTransfer`): everything but the base URL and the deadline.
    public var transferLimits: RetryingTransfer.Limits {
        RetryingTransfer.Limits(connectTimeout: connectTimeout, attemptTimeout: attemptTimeout, maxResponseBytes: maxResponseBytes,
                                pinnedPublicKey: pinnedPublicKey, caFile: caFile, retry: retry)
    }
}
