/// The form of hospital ids and case ids on the command line, in URLs and in the queue.
public enum HospitalID {
    /// 1–64 characters of `a–z A–Z 0–9 . _ -` (safe in a URL path, never a path of its own).
    public static func isValid(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id != "." && id != ".."
            && id.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// True for a case id: 32 lowercase hex digits.
    public static func isCaseID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
