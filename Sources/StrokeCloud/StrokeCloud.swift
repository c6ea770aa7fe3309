/// The Cloud Functions client (libcurl). See the cloud issue.
public enum StrokeCloud {}
