/// The collector's device routes: the paths devices request and sign.
public enum CollectorPaths {
    /// `POST`: a push (`PushRequest`, answered with `PushAcknowledgement`).
    public static let push = "/v1/push"
    /// `GET` with an empty body: the device's stored head (`HeadAnswer`).
    public static let head = "/v1/head"
}
