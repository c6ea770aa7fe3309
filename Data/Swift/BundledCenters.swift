/// The data embedded in the binary, so an installed copy works from any directory.
public enum BundledCenters {
    /// `Data/stroke-centers.json`: the curated stroke centers (UTF-8 JSON array, `.embedInCode`).
    public static var strokeCentersJSON: [UInt8] { PackageResources.stroke_centers_json }
    /// The gazetteer of German places (GeoNames, CC-BY 4.0) as UTF-8 TSV, from `PlacesDE.swift`.
    public static var placesTSV: [UInt8] { Array(PlacesDE.tsv.utf8) }
}
