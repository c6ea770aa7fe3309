/// The bars of human output: a probability bar and signed driver bars.
public enum ResultBars {
    /// Cells of a probability bar.
    public static let probabilityCells = 10
    /// Cells on each side of a driver bar's axis.
    public static let driverCells = 10

    /// A probability 0…1 as `█████░░░░░`.
    public static func probability(_ p: Double) -> String {
        let filled = min(probabilityCells, max(0, Int((p * Double(probabilityCells)).rounded())))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: probabilityCells - filled)
    }

    /// A signed weight as a bar on a centre axis: negative to the left, positive to the right,
    /// scaled so the largest |weight| fills one side. A non-zero weight shows at least one cell.
    public static func signed(_ weight: Double, largest: Double) -> String {
        var cells = 0
        if largest > 0, weight != 0 {
            cells = max(1, min(driverCells, Int((abs(weight) / largest * Double(driverCells)).rounded())))
        }
        let bar = String(repeating: "█", count: cells)
        let left = weight < 0 ? String(repeating: " ", count: driverCells - cells) + bar : String(repeating: " ", count: driverCells)
        let right = weight > 0 ? bar : ""
        return left + "│" + right
    }
}
