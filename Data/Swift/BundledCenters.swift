/// The data files embedded in the binary, so an installed copy works from any directory.
public enum BundledCenters {
    /// `Data/stroke-centers.json`: the curated stroke centers (UTF-8 JSON array).
    public static var strokeCentersJSON: [UInt8] { PackageResources.stroke_centers_json }
    /// `Data/places-de.tsv`: German places from GeoNames (CC-BY 4.0), UTF-8 TSV.
    public static var placesTSV: [UInt8] { PackageResources.places_de_tsv }
}
