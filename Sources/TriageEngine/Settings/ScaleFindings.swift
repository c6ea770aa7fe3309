import StrokeModels

/// Exam findings of the prehospital LVO scales as entered (any number), checked
/// into whole points: the `race`/`lams`/`cpsss`/`pass`/`van`/`scales` commands and batch.
public enum ScaleFindings {
    /// The given items as whole points, checked against each item's range
    /// (0…max, whole numbers), in catalogue order.
    /// - Throws: `ModelsError` naming every item outside its points.
    public static func points(_ values: [ScaleItem: Double]) throws(ModelsError) -> [ScaleItem: Int] {
        var issues: [ValidationIssue] = []
        var points: [ScaleItem: Int] = [:]
        for item in ScaleItem.allCases {
            guard let value = values[item] else { continue }
            if item.allowed.contains(value) {
                points[item] = Int(value)
            } else {
                issues.append(ValidationIssue(field: item.field, allowed: item.allowed, given: value))
            }
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        return points
    }
}
